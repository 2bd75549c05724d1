import { useEffect } from 'react';

/**
 * Every page names itself in the tab and the history: `<title> · GridScope`, or just the app's
 * name while the page's own name is still loading (never the previous page's title).
 */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · GridScope` : 'GridScope';
  }, [title]);
}
