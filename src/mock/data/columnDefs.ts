/** Column definitions by type, shared by every dataset definition of the catalog. */
import type { ColumnDef } from './types';

export const ts = (name: string, description: string): ColumnDef => ({
  name,
  type: 'TIMESTAMP',
  description,
  unit: null,
});

export const text = (name: string, description: string): ColumnDef => ({
  name,
  type: 'VARCHAR',
  description,
  unit: null,
});

export const num = (name: string, description: string, unit: string): ColumnDef => ({
  name,
  type: 'DOUBLE PRECISION',
  description,
  unit,
});

export const intervalColumns = (length: string): ColumnDef[] => [
  ts('interval_start_utc', `Start of the ${length} interval (UTC)`),
  ts('interval_end_utc', `End of the ${length} interval (UTC), exclusive`),
];
