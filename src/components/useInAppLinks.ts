import { useEffect, type RefObject } from 'react';
import { useNavigate } from 'react-router-dom';
import { appBase } from '@/lib/appBase';

/** `/datasets/x` → the href of that app page (`${base}/datasets/x` when the app lives under a base). */
export const inAppHref = (path: string): string => appBase() + path;

/**
 * Plain `<a href>` links inside `ref`'s element to this app's own pages open through the router,
 * as React Router's `<Link>` does: a left click without modifier keys, on a same-origin link with
 * no `target` or `download`, navigates in the page; every other click (new tab, another origin) is
 * the browser's. One listener for a whole list of links, where each `<Link>` costs about ten hooks
 * on the first render, and the catalog's links as `<Link>` put its list on screen later (bench
 * catalog-load, paired A/B; the figures are in docs/decisions/0020-first-screen.md).
 */
export function useInAppLinks(ref: RefObject<HTMLElement | null>): void {
  const navigate = useNavigate();
  useEffect(() => {
    const element = ref.current;
    if (element === null) return undefined;
    const onClick = (event: MouseEvent): void => {
      const path = inAppPathOfClick(event, element);
      if (path === undefined) return;
      event.preventDefault();
      void navigate(path);
    };
    element.addEventListener('click', onClick);
    return () => element.removeEventListener('click', onClick);
  }, [ref, navigate]);
}

/** The router path a click inside `within` should open in the page, or undefined to leave it alone. */
export function inAppPathOfClick(event: MouseEvent, within: Element): string | undefined {
  if (event.defaultPrevented || event.button !== 0) return undefined;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return undefined;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || !within.contains(link)) return undefined;
  if ((link.target !== '' && link.target !== '_self') || link.hasAttribute('download')) return undefined;
  if (link.origin !== window.location.origin) return undefined;
  const base = appBase();
  if (base !== '' && link.pathname !== base && !link.pathname.startsWith(`${base}/`)) return undefined;
  return (link.pathname.slice(base.length) || '/') + link.search + link.hash;
}
