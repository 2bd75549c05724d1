/**
 * What a page says about the settings in its link that it could not read: each one named, why it
 * could not be read and what the page used instead, in the same words on every page. A page
 * collects them (from its URL reader, its checks against the data, its typed-time rules) and
 * `LinkSettingsNotice` shows the sentence; nothing named here is ever sent to the server.
 */
import { replaceControlCharacters } from './urlState';

export interface UnreadSetting {
  /** The setting as the page names it: `start time`, `series A`, `cursor`. */
  label: string;
  /** Why it was not read, a clause or a phrase: `“2025-13-01” is not a real date`. */
  problem: string;
  /** What the page did instead: `left out`, `2025-07-08 was used instead`. */
  instead: string;
}

/** How a page words one of its keys when the link's value for it cannot be read. */
export interface SettingNote {
  label: string;
  /** Follows the quoted value: `is not a real date (YYYY-MM-DD)`. */
  expects: string;
  instead: string;
}

const LINK_SETTINGS_LEAD = 'Some settings in the link could not be read and were not used';

/** Quoted values are cut here: the notice names a value, it does not reprint a long one. */
const MAX_QUOTED = 40;
const GRAPHEMES = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * A value from the link as the notice quotes it: in curly quotes, cut to 40 characters, with any
 * control or bidi character shown as � (the text was refused for holding one; it must not reorder
 * or break the sentence that names it).
 */
export function quoteLinkValue(value: string): string {
  // Cut between user-perceived characters, never inside one (an emoji, a letter and its accent).
  const chars = Array.from(GRAPHEMES.segment(replaceControlCharacters(value)), (s) => s.segment);
  const text = chars.length > MAX_QUOTED ? `${chars.slice(0, MAX_QUOTED - 1).join('')}…` : chars.join('');
  return `“${text}”`;
}

/** The notice's one sentence, or null when every setting was read. */
export function linkSettingsText(unread: readonly UnreadSetting[]): string | null {
  if (unread.length === 0) return null;
  const items = unread.map((u) => `${u.label} (${u.problem}; ${u.instead})`);
  return `${LINK_SETTINGS_LEAD}: ${items.join(', ')}.`;
}

/** A param no reader of the page knows (a typo, another page's key, a hand-made link). */
const UNKNOWN_SETTING = 'not a setting of this page';

/** The params of `params` whose names are not in `known`, each once, in link order. */
export function unknownLinkSettings(params: URLSearchParams, known: Iterable<string>): UnreadSetting[] {
  const names = new Set(known);
  const seen = new Set<string>();
  const unread: UnreadSetting[] = [];
  for (const name of params.keys()) {
    if (names.has(name) || seen.has(name)) continue;
    seen.add(name);
    unread.push({ label: quoteLinkValue(name), problem: UNKNOWN_SETTING, instead: 'left out' });
  }
  return unread;
}

/**
 * The keys a URL reader marked invalid (`readUrlState`'s `invalid`), each with the value the link
 * held, worded by `notes`; then every param the page does not read at all (neither a key of
 * `notes` nor one of `alsoKnown`).
 */
export function unreadUrlSettings<K extends string>(
  params: URLSearchParams,
  invalid: readonly K[],
  notes: Readonly<Record<K, SettingNote>>,
  alsoKnown: readonly string[] = [],
): UnreadSetting[] {
  const unread: UnreadSetting[] = invalid.map((key) => {
    const note = notes[key];
    return {
      label: note.label,
      problem: `${quoteLinkValue(params.get(key) ?? '')} ${note.expects}`,
      instead: note.instead,
    };
  });
  return [...unread, ...unknownLinkSettings(params, [...Object.keys(notes), ...alsoKnown])];
}
