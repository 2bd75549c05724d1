/**
 * What every engine runs right after it opens, before anything else can: no extension is loaded
 * or installed behind the user's back (they would be fetched from DuckDB's host, which the app
 * never calls, and offline `read_parquet` and time-zone functions hang waiting for them), no file
 * or URL is read (SQL from a shared link must not reach the network or the disk:
 * `read_csv('http://…')` fails with "Permission Error"; tables come in as Arrow), and the
 * configuration is locked so no statement can undo any of it.
 *
 * Memory: the WebAssembly heap of the single-threaded bundle can grow to 4 GB (a 32-bit address
 * space), and the tab gives up well before it on most machines. DuckDB's own estimate of the
 * machine does not see that limit, so it is set here: 2 GB for DuckDB's buffers leaves the rest of
 * the heap for what DuckDB allocates outside its buffer manager (the Arrow bytes of a result, the
 * tables being inserted) so that a query too big ends in DuckDB's "Out of Memory Error", which the
 * session explains and recovers from, rather than in an abort of the whole worker.
 */
const MEMORY_LIMIT = '2GB';

export const LOCKED_SETTINGS: readonly string[] = [
  'SET autoload_known_extensions = false',
  'SET autoinstall_known_extensions = false',
  'SET enable_external_access = false',
  `SET memory_limit = '${MEMORY_LIMIT}'`,
  'SET lock_configuration = true',
];
