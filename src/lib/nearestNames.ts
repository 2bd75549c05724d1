/**
 * The known names closest to a mistyped one, for "did you mean" suggestions: `HB_NOWHERE` →
 * `HB_NORTH`, `HB_WEST`. Case-insensitive edit distance (insert, delete, replace, swap of two
 * neighbours), with names that contain the typed text or start like it first.
 */

/** Optimal string alignment distance between two strings, stopping early beyond `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, (before[j - 2] ?? 0) + 1);
      current.push(d);
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > max) return max + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length] ?? max + 1;
}

/** Up to `count` of `known` nearest to `typed`, nearest first; none when nothing is reasonably close. */
export function nearestNames(typed: string, known: readonly string[], count = 3): string[] {
  const t = typed.trim().toLowerCase();
  if (t === '') return [];
  // Farther than about a third of the name is a different name, not a typo.
  const max = Math.max(2, Math.ceil(t.length / 3));
  const scored: { name: string; score: number }[] = [];
  for (const name of known) {
    const n = name.toLowerCase();
    let score = editDistance(t, n, t.length + n.length);
    if (n.includes(t) || t.includes(n)) score = Math.min(score, 1);
    // A shared start of three or more (`HB_`, `LZ_`, a plant's name) keeps a far name in the running.
    let shared = 0;
    while (shared < t.length && t[shared] === n[shared]) shared++;
    if (score <= max || shared >= 3) scored.push({ name, score });
  }
  scored.sort((a, b) => a.score - b.score || a.name.length - b.name.length || (a.name < b.name ? -1 : 1));
  return scored.slice(0, count).map((s) => s.name);
}

export interface UnknownName {
  /** As typed. */
  value: string;
  /** The known names nearest to it, nearest first; empty when none is close. */
  suggestions: string[];
}

/**
 * The typed names that are not among `known` (exactly: the API matches names as they are), each
 * with the known names nearest to it. Blank entries are skipped, and each unknown name is listed once.
 */
export function unknownNames(typed: readonly string[], known: readonly string[]): UnknownName[] {
  const exact = new Set(known);
  const unknown = [...new Set(typed.map((t) => t.trim()))].filter((t) => t !== '' && !exact.has(t));
  return unknown.map((value) => ({ value, suggestions: nearestNames(value, known) }));
}
