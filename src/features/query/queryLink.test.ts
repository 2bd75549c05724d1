import { SPP_DATASET } from '@/test/sppDataset';
import { linkSettingsText } from '@/lib/linkSettings';
import { readQueryLink } from './queryLink';

const spp = { ...SPP_DATASET, name: 'SPP' };

const NOW = Date.UTC(2025, 6, 15, 20, 0, 0);
const read = (search: string) => readQueryLink(new URLSearchParams(search), spp, NOW);

describe('the query builder’s link', () => {
  it('waits on a range that ends before it starts, saying so beside End and in the notice', () => {
    const link = read('v=1&range=custom&start=2025-07-15&end=2025-07-14');
    expect(link.ready).toBeNull();
    expect(link.timeErrors.end).toMatch(/^The end must be after the start/);
    expect(linkSettingsText(link.unread)).toBe(
      'Some settings in the link could not be read and were not used: end time (the end must be after the start; the query waits until it is fixed in the form).',
    );
    // Nothing the requests are built from holds a time.
    expect(link.request.range).toBe('latest');
  });

  it('reads a word in a link as typed, as a fixed time when the query runs', () => {
    const link = read('v=1&range=custom&start=yesterday&tz=UTC');
    expect(link.state.start).toBe('yesterday');
    expect(link.ready?.start).toMatch(/^2025-07-14T00:00/);
    expect(link.unread).toEqual([]);
  });

  it('names the params no reader of the page knows, and not the table’s layout', () => {
    const link = read('v=1&show=interval_end_utc&pin=location&tab=chart');
    expect(link.unread.map((u) => u.label)).toEqual(['“tab”']);
  });

  it('sets a link of an unknown version aside whole, naming only that', () => {
    const link = read('v=9&fcol=location&whatever=1');
    expect(link.unread.map((u) => u.label)).toEqual(['link version']);
  });
});
