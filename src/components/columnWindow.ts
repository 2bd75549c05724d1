/** The unpinned columns a table draws for a horizontal view, and the widths standing in for the rest. */
export interface ColumnWindow {
  /** Index (among the unpinned columns) of the first drawn; -1 when there are none. */
  first: number;
  /** Index of the last drawn; -1 when there are none. */
  last: number;
  /** px of the columns before `first`: the width of the spacer cell before the drawn ones. */
  before: number;
  /** px of the columns after `last`: the width of the spacer cell after them. */
  after: number;
}

/**
 * The unpinned columns (`sizes` in px, in their order, drawn after `pinnedWidth` px of pinned
 * ones) that meet the view from `left` to `left + width`, plus `overscan` on each side so a small
 * horizontal scroll or a keyboard step lands on cells already drawn. Columns have their own
 * widths, so the sums are walked; a table has tens of columns, not thousands.
 */
export function columnWindow(
  sizes: readonly number[],
  pinnedWidth: number,
  left: number,
  width: number,
  overscan: number,
): ColumnWindow {
  if (sizes.length === 0) return { first: -1, last: -1, before: 0, after: 0 };
  let inFirst = -1;
  let inLast = -1;
  let x = pinnedWidth;
  for (let i = 0; i < sizes.length; i++) {
    const end = x + (sizes[i] ?? 0);
    if (end > left && x < left + width) {
      if (inFirst < 0) inFirst = i;
      inLast = i;
    }
    x = end;
  }
  // Scrolled past every column (a view wider than the table, or a stale scroll offset): the last ones.
  if (inFirst < 0) inFirst = inLast = sizes.length - 1;
  const first = Math.max(0, inFirst - overscan);
  const last = Math.min(sizes.length - 1, inLast + overscan);
  let before = 0;
  let after = 0;
  sizes.forEach((size, i) => {
    if (i < first) before += size;
    else if (i > last) after += size;
  });
  return { first, last, before, after };
}
