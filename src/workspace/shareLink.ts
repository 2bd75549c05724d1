/**
 * Share links: a set of views carried in a link's fragment (`…/library#share=<data>`), so the set
 * never reaches a server (browsers do not send the fragment). The data is the workspace file's JSON
 * compressed with raw DEFLATE (`CompressionStream('deflate-raw')`, in every current browser and
 * Node 20) and written in base64url. Opening one reads it with the workspace file's own reader and
 * shows the same import preview: a link never writes without the user's confirmation.
 *
 * Views hold no key (file.ts writes none), so a copied link carries neither the user's API key
 * nor the server's.
 */
import { appBase } from '@/lib/appBase';
import { workspaceFile } from './file';
import { parseWorkspaceFile, type WorkspaceFileRead } from './fileReader';
import type { SavedView } from './types';

/**
 * The longest link offered. RFC 9110 §4.1 recommends that senders and recipients support URIs of
 * at least 8,000 octets; longer links are cut short by some mail clients, chat apps and servers
 * on the way, so past this the set goes as a file.
 */
export const MAX_SHARE_LINK = 8_000;
/**
 * The most a link may unpack to. DEFLATE can expand a thousandfold, so a crafted link a few
 * kilobytes long could otherwise ask for gigabytes; no set that fits in a link comes near this.
 */
const MAX_SHARE_DECOMPRESSED = 5 * 1024 * 1024;
/** Longest data read from a fragment: a link pasted by hand may be longer than we write, not this. */
const MAX_SHARE_DATA = 200_000;
const SHARE_PREFIX = '#share=';

export type ShareLink = { ok: true; url: string } | { ok: false; length: number };

async function readAll(stream: ReadableStream<Uint8Array>, cap: number): Promise<Uint8Array | null> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > cap) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

async function transform(
  bytes: Uint8Array,
  stream: CompressionStream | DecompressionStream,
  cap: number,
): Promise<Uint8Array | null> {
  const writer = stream.writable.getWriter();
  // Errors surface on the reading side; the writer's own promises would only repeat them.
  writer.write(bytes as Uint8Array<ArrayBuffer>).catch(() => undefined);
  writer.close().catch(() => undefined);
  return readAll(stream.readable, cap);
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(data: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(data) || data.length % 4 === 1) return null;
  try {
    const binary = atob(data.replace(/-/g, '+').replace(/_/g, '/'));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

/** The library's address with the set in its fragment, or the link's length when it is too long to share. */
export async function shareLinkFor(
  views: readonly SavedView[],
  origin: string = window.location.origin,
  base: string = appBase(),
): Promise<ShareLink> {
  const json = new TextEncoder().encode(JSON.stringify(workspaceFile(views)));
  const packed = await transform(json, new CompressionStream('deflate-raw'), Number.POSITIVE_INFINITY);
  const url = `${origin}${base}/library${SHARE_PREFIX}${toBase64Url(packed ?? new Uint8Array())}`;
  return url.length <= MAX_SHARE_LINK ? { ok: true, url } : { ok: false, length: url.length };
}

/** The data of a share fragment (`#share=…`), or null when the fragment is not a share. */
export function shareDataOf(hash: string): string | null {
  return hash.startsWith(SHARE_PREFIX) ? hash.slice(SHARE_PREFIX.length) : null;
}

const damaged = (why: string): WorkspaceFileRead => ({
  ok: false,
  problems: [`The link is damaged (${why}): ask for it again, or for the set as a file.`],
});

/** Unpacks and reads a share link's data with the workspace file's reader. */
export async function readShareData(data: string): Promise<WorkspaceFileRead> {
  if (data.length > MAX_SHARE_DATA) return damaged('it is far longer than a share link is');
  const bytes = fromBase64Url(data);
  if (bytes === null || bytes.length === 0) return damaged('its data is not base64url');
  let unpacked: Uint8Array | null;
  try {
    unpacked = await transform(bytes, new DecompressionStream('deflate-raw'), MAX_SHARE_DECOMPRESSED);
  } catch {
    return damaged('its data does not unpack; it may have been cut short');
  }
  if (unpacked === null) {
    return {
      ok: false,
      problems: [
        `The link unpacks to more than ${String(MAX_SHARE_DECOMPRESSED / 1024 / 1024)} MB, far more than a set of views: it was not opened.`,
      ],
    };
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(unpacked);
  } catch {
    return damaged('its data is not text');
  }
  return parseWorkspaceFile(text);
}
