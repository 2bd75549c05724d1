/**
 * Where the app's own server (scripts/upstreamProxy.ts) answers as a same-origin proxy to one
 * upstream API, and where it says whether it does (never which upstream). Plain constants, with no
 * imports, so the entry's connection code can read them without loading the query library.
 */
export const APP_PROXY_PATH = '/upstream';
export const APP_PROXY_INFO_PATH = '/__gridscope/proxy';
