import type { ReactNode } from 'react';
import { Loading } from '@/components/Loading';
import { pageAt, PAGES, type PageDef } from '@/app/pages';
import { appBase } from '@/lib/appBase';
import { CompareHeading } from '@/features/compare/CompareHeading';
import { SqlHeading } from '@/features/sql/SqlHeading';

/**
 * The headings that do not depend on data, of pages whose largest text is that heading: shown
 * above the loading line while the page's code is on its way. A link's prerendered shell then
 * paints the page's heading at its first paint, not a few hundred milliseconds later with the
 * page's first render (Lighthouse's largest contentful paint: decision 0032), and the page, which
 * renders the same component, takes its place without moving it.
 */
const PAGE_HEADINGS = new Map<PageDef, ReactNode>([
  [PAGES.compare, <CompareHeading />],
  [PAGES.sql, <SqlHeading />],
]);

/** What the page at `pathname` (the router's, without the base) shows while its code arrives. */
export function PageFallback({ pathname }: { pathname: string }) {
  const page = pageAt(appBase() + pathname);
  const heading = page && PAGE_HEADINGS.get(page);
  if (!heading) return <Loading label="Loading page…" />;
  return (
    <div>
      {heading}
      <Loading label="Loading page…" />
    </div>
  );
}
