/**
 * Whether a stored path is a page of this app that a link may open: one leading slash and nothing
 * that would leave the app (`//host`, a backslash that browsers read as a slash). A leading slash
 * already rules out a scheme. Paths come from the store and from imported files, so they are
 * checked before they are followed.
 */
export function isAppPath(path: string): boolean {
  if (!path.startsWith('/') || path.includes('//') || path.includes('\\')) return false;
  // URL parsers drop tabs and newlines, so `/\t/host` would become `//host`.
  for (let i = 0; i < path.length; i += 1)
    if (path.charCodeAt(i) < 0x20 || path.charCodeAt(i) === 0x7f) return false;
  return true;
}
