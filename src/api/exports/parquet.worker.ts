/** The worker that writes one Parquet export (see parquetExport.ts). */
import { ParquetFile, parquetFileHandler, type ParquetReply, type ParquetRequest } from './parquetFile';

/** The part of a dedicated worker's global scope used here (the DOM lib has no worker types). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<ParquetRequest>) => void) | null;
  postMessage(message: ParquetReply): void;
}

const scope = self as unknown as WorkerScope;
let answer: ReturnType<typeof parquetFileHandler> | null = null;
scope.onmessage = ({ data: request }) => {
  if (request.kind === 'open') {
    const { columns, metadata, timeIndexColumn } = request.options;
    answer = parquetFileHandler(new ParquetFile(columns, metadata, timeIndexColumn));
    return;
  }
  const reply = answer ? answer(request) : { seq: request.seq, error: 'The Parquet file was not opened.' };
  if (reply !== null) scope.postMessage(reply);
};
