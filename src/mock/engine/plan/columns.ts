/** Column names in a query's parameters, checked against the dataset (400 for one it lacks). */
import type { ColumnDef, DatasetDef } from '@/mock/data/types';
import { invalid } from '../rejection';
import type { OutputColumn } from './queryPlan';

export function columnNotFound(def: DatasetDef, name: string): never {
  throw invalid(`Column ${name} not found in dataset ${def.id}`);
}

export function columnIndex(def: DatasetDef, name: string): number {
  const i = def.columns.findIndex((c) => c.name === name);
  if (i < 0) columnNotFound(def, name);
  return i;
}

/** A comma-separated list of names, blanks dropped. */
export function splitList(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** `columns`: the names asked for, each checked; null when every column is wanted. */
export function requestedColumns(def: DatasetDef, text: string | undefined): string[] | null {
  const requested = text === undefined || text.trim() === '' ? null : splitList(text);
  for (const name of requested ?? []) columnIndex(def, name);
  return requested;
}

export function outputColumn(c: ColumnDef, source: number): OutputColumn {
  return { name: c.name, type: c.type, unit: c.unit, description: c.description, source, local: false };
}
