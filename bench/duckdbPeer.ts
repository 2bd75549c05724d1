/**
 * The peer of figure 4: DuckDB, in process, over the same source rows materialised in a table
 * before any timing, answering the same hourly-mean question.
 */
import { DuckDBInstance, DuckDBTimestampValue } from '@duckdb/node-api';

export interface Series {
  /** Epoch ms, UTC. */
  times: Float64Array;
  values: Float64Array;
}

interface HourlyMeans {
  /** Bucket starts, epoch ms. */
  starts: number[];
  means: number[];
}

export interface DuckDbPeer {
  /** DuckDB's worker threads (all cores by default; our engine uses one). */
  threads: number;
  /** Runs the query and fetches every row into JS; resolves with the number of rows. */
  run(): Promise<number>;
  /** The last result, for checking that both sides computed the same thing. */
  hourlyMeans(): Promise<HourlyMeans>;
  close(): void;
}

const HOURLY_MEAN_SQL = 'SELECT time_bucket(INTERVAL 1 HOUR, ts) AS b, avg(v) FROM t GROUP BY b ORDER BY b';

export async function createDuckDbPeer(series: Series): Promise<DuckDbPeer> {
  const db = await DuckDBInstance.create(':memory:');
  const c = await db.connect();
  await c.run('CREATE TABLE t (ts TIMESTAMP, v DOUBLE)');
  const appender = await c.createAppender('t');
  for (let i = 0; i < series.times.length; i++) {
    appender.appendTimestamp(new DuckDBTimestampValue(BigInt(series.times[i] ?? 0) * 1000n));
    appender.appendDouble(series.values[i] ?? Number.NaN);
    appender.endRow();
  }
  appender.flushSync();
  appender.closeSync();

  const setting = await c.runAndReadAll("SELECT current_setting('threads')");
  const threads = Number(setting.getRowsJS()[0]?.[0] ?? 0);

  return {
    threads,
    async run() {
      const reader = await c.runAndReadAll(HOURLY_MEAN_SQL);
      return reader.getRows().length;
    },
    async hourlyMeans() {
      const reader = await c.runAndReadAll(
        `SELECT epoch_ms(b) AS start, m FROM (${HOURLY_MEAN_SQL.replace('avg(v)', 'avg(v) AS m')})`,
      );
      const starts: number[] = [];
      const means: number[] = [];
      for (const [start, mean] of reader.getRowsJS()) {
        starts.push(Number(start));
        means.push(Number(mean));
      }
      return { starts, means };
    },
    close() {
      c.closeSync();
      db.closeSync();
    },
  };
}
