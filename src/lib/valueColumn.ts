/**
 * The value a dataset is about, where a page has to pick one of its number columns before the
 * user does (a Compare series, the query builder's chart, "Add to compare"). The catalog's metadata
 * has no field for it, but a dataset is named for what it measures: `shadow_price` in
 * `ercot_shadow_prices_dam`, `lmp` in `ercot_lmp_by_bus`, `system_lambda` in
 * `ercot_sced_system_lambda`. Where no column is named so (fuel mix, a zone table), the first
 * number column is as good as any other.
 */
import type { Dataset } from '@/contract';

const wordsOf = (name: string) => name.toLowerCase().split('_');

/** Whether `column`'s words run, in order, through the dataset id's words, each maybe plural. */
function namesIn(datasetWords: readonly string[], column: string): boolean {
  const words = wordsOf(column);
  return datasetWords.some((_, start) =>
    words.every((w, i) => {
      const d = datasetWords[start + i];
      return d === w || d === `${w}s`;
    }),
  );
}

/** Of a dataset's number columns (in catalog order), the one its id names (the longest such), else the first. */
export function valueColumnAmong(datasetId: string, numeric: readonly string[]): string | undefined {
  const datasetWords = wordsOf(datasetId);
  const named = numeric
    .filter((c) => namesIn(datasetWords, c))
    .reduce<string | undefined>(
      (best, c) => (best === undefined || wordsOf(c).length > wordsOf(best).length ? c : best),
      undefined,
    );
  return named ?? numeric[0];
}

/** The number column a series of `dataset` shows: the first of `preferred` it has, else the one it is named for. */
export function valueColumnOf(dataset: Dataset, preferred: readonly string[] = []): string | null {
  const numeric = dataset.all_columns.filter((c) => c.is_numeric && !c.is_datetime).map((c) => c.name);
  return preferred.find((c) => numeric.includes(c)) ?? valueColumnAmong(dataset.id, numeric) ?? null;
}
