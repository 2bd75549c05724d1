import type { Dataset } from '@/contract';

/**
 * Datasets whose id, name or description contain every word of `query`, case-insensitively.
 * Words rather than the whole phrase, so "load zone" finds "Load by weather zone".
 */
export function filterDatasets(datasets: readonly Dataset[], query: string): Dataset[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...datasets];
  return datasets.filter((dataset) => {
    const haystack = `${dataset.id}\n${dataset.name}\n${dataset.description}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}
