/** The module worker that turns a query page's text into columns (see tablePage.ts). */
import { answerDecodeRequest, type DecodeRequest } from './tablePage';

/** The part of a dedicated worker's global scope used here (the DOM lib has no worker types). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<DecodeRequest>) => void) | null;
  postMessage(message: unknown, transfer: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;
scope.onmessage = (event) => {
  answerDecodeRequest(event.data, (reply, transfer) => scope.postMessage(reply, transfer));
};
