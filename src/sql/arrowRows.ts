/**
 * Arrow results read cell by cell: a result keeps DuckDB's Arrow batches and reads a cell from its
 * column's vector when the table, the chart or an export asks for it, rather than making an object
 * per row. Values come as the page shows them: TIMESTAMP and DATE as epoch ms, BIGINT and DECIMAL
 * as numbers, text and booleans as they are, anything nested as its JSON text.
 */
import { Type, type DataType, type Field, type RecordBatch, type Schema, type Vector } from 'apache-arrow';
import type { SqlColumn, SqlRows } from './types';

type Cell = number | string | boolean | null;

/** DuckDB's name of an Arrow type DuckDB gave. */
function duckDbTypeName(type: DataType): string {
  switch (type.typeId) {
    case Type.Timestamp:
      return 'TIMESTAMP';
    case Type.Date:
      return 'DATE';
    case Type.Time:
      return 'TIME';
    case Type.Float:
      return (type as DataType<Type.Float> & { precision: number }).precision === 2 ? 'DOUBLE' : 'FLOAT';
    case Type.Int: {
      const { bitWidth, isSigned } = type as DataType<Type.Int> & { bitWidth: number; isSigned: boolean };
      const name = { 8: 'TINYINT', 16: 'SMALLINT', 32: 'INTEGER', 64: 'BIGINT' }[bitWidth] ?? 'BIGINT';
      return isSigned ? name : `U${name}`;
    }
    case Type.Decimal: {
      const { precision, scale } = type as DataType<Type.Decimal> & { precision: number; scale: number };
      return `DECIMAL(${precision},${scale})`;
    }
    case Type.Utf8:
    case Type.LargeUtf8:
      return 'VARCHAR';
    case Type.Bool:
      return 'BOOLEAN';
    case Type.Binary:
    case Type.LargeBinary:
      return 'BLOB';
    case Type.Interval:
      return 'INTERVAL';
    case Type.List:
      return 'LIST';
    case Type.Struct:
      return 'STRUCT';
    case Type.Null:
      return 'NULL';
    default:
      return Type[type.typeId];
  }
}

function sqlColumnsOf(schema: Schema): SqlColumn[] {
  return schema.fields.map((f: Field<DataType>) => ({
    name: f.name,
    type: duckDbTypeName(f.type),
    unit: null,
  }));
}

/** A reader of one column's cells: the vector's value turned into what a page shows. */
function cellReader(type: DataType): (value: unknown) => Cell {
  switch (type.typeId) {
    case Type.Int:
      return (v) => (typeof v === 'bigint' ? Number(v) : (v as number));
    case Type.Decimal: {
      const scale = 10 ** (type as DataType<Type.Decimal> & { scale: number }).scale;
      // Arrow gives the unscaled integer of a decimal; its primitive is that integer.
      return (v) => Number(v) / scale;
    }
    case Type.Timestamp:
    case Type.Date:
    case Type.Time:
    case Type.Float:
      return (v) => (typeof v === 'bigint' ? Number(v) : (v as number));
    case Type.Utf8:
    case Type.LargeUtf8:
    case Type.Bool:
      return (v) => v as Cell;
    default:
      return (v) => JSON.stringify(v, (_key, x: unknown) => (typeof x === 'bigint' ? Number(x) : x));
  }
}

/** Rows held as Arrow batches (in order), read cell by cell. */
export function rowsOfBatches(schema: Schema, batches: readonly RecordBatch[], rowCount: number): SqlRows {
  const columns = sqlColumnsOf(schema);
  const readers = schema.fields.map((f: Field<DataType>) => cellReader(f.type));
  // Where each batch starts, to find a row's batch by binary search.
  const starts: number[] = [];
  let at = 0;
  for (const batch of batches) {
    starts.push(at);
    at += batch.numRows;
  }
  const vectors: (Vector | null)[][] = batches.map((b) => schema.fields.map((_, c) => b.getChildAt(c)));
  let lastBatch = 0;
  const batchOf = (row: number): number => {
    const start = starts[lastBatch] ?? 0;
    if (row >= start && row < start + (batches[lastBatch]?.numRows ?? 0)) return lastBatch;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] ?? 0) <= row) lo = mid;
      else hi = mid - 1;
    }
    lastBatch = lo;
    return lo;
  };
  return {
    columns,
    rowCount,
    value(row, column) {
      if (row < 0 || row >= rowCount) return null;
      const b = batchOf(row);
      const vector = vectors[b]?.[column];
      if (!vector) return null;
      const v: unknown = vector.get(row - (starts[b] ?? 0));
      return v === null || v === undefined ? null : (readers[column]?.(v) ?? null);
    },
  };
}
