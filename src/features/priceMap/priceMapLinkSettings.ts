import { quoteLinkValue, unreadUrlSettings, type UnreadSetting } from '@/lib/linkSettings';
import type { Measure } from './measures';
import type { PriceDataset } from './priceDatasets';
import { priceMapLinkNotes, type PriceMapState, type PriceMapUsed } from './priceMapUrlState';
import type { StepWindow } from './shownStep';

type PriceMapKey = keyof PriceMapState;

/** What the page shows, to check the link's values against; null where its data has not answered. */
export interface PriceMapShown extends PriceMapUsed {
  /** The catalog's price datasets. */
  priceSets: readonly PriceDataset[] | null;
  measure: Measure;
  /** The registry's trading hubs. */
  hubs: readonly string[] | null;
  /** Whether the registry has a location of this id. */
  hasLocation: ((gsEntityId: string) => boolean) | null;
  /** The day's intervals with data, and the one shown. */
  window: StepWindow;
}

/**
 * The settings of a price map link that were not used: each key its reader refused, every param
 * the page does not read, and, once the data they name is known, each value that names nothing in
 * it (a dataset without prices by location, a hub or location the registry lacks, an interval
 * outside the day's data, DART without a day-ahead dataset). Each says what was shown instead; the
 * page asks the server only for what it shows.
 */
export function priceMapLinkSettings(
  params: URLSearchParams,
  invalid: readonly PriceMapKey[],
  state: PriceMapState,
  shown: PriceMapShown,
): UnreadSetting[] {
  const notes = priceMapLinkNotes(shown);
  const unread = unreadUrlSettings(params, invalid, notes);
  const named = (key: PriceMapKey): string => quoteLinkValue(params.get(key) ?? '');
  const missing = (key: PriceMapKey): UnreadSetting => ({
    label: notes[key].label,
    problem: `${named(key)} ${notes[key].expects}`,
    instead: notes[key].instead,
  });

  // A refused key holds its default here, so none of these names it twice.
  const { priceSets, hubs, hasLocation, window } = shown;
  if (state.ds !== '' && priceSets !== null && !priceSets.some((d) => d.id === state.ds))
    unread.push(missing('ds'));
  if (state.m === 'dart' && shown.measure !== 'dart' && priceSets !== null)
    unread.push({
      label: notes.m.label,
      problem: `${named('m')} needs a real-time dataset with a day-ahead one beside it`,
      instead: notes.m.instead,
    });
  if (state.hub !== '' && hubs !== null && !hubs.includes(state.hub)) unread.push(missing('hub'));
  if (state.sel !== '' && hasLocation !== null && !hasLocation(state.sel)) unread.push(missing('sel'));
  // A day without data says so itself; past or before its data, the nearest interval is shown.
  if (state.i >= 0 && window.index >= 0 && state.i !== window.index) {
    const past = state.i > window.last;
    unread.push({
      label: notes.i.label,
      problem: `${named('i')} is ${past ? 'past the last' : 'before the first'} interval of ${shown.day} with data`,
      instead: `the ${past ? 'last' : 'first'}, ${shown.when}, was shown instead`,
    });
  }
  return unread;
}
