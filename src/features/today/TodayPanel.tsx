import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { memo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ErrorBoundary } from '@/components/ErrorBoundary';
import styles from './TodayPage.module.css';
import { marketClock } from '@/lib/marketClock';

export interface PanelLink {
  label: string;
  href: string;
}

/**
 * One region of the overview: its title, the time its data is as of, links that open the same
 * series in the query builder or Compare, and its own error boundary, so a panel that breaks
 * shows its error and a retry while the others keep working.
 */
export function TodayPanel({
  title,
  id,
  asOf,
  links,
  wide = false,
  bodyClassName,
  children,
}: {
  title: string;
  id: string;
  /** The newest interval the panel's data holds, epoch ms; null when none; undefined while it loads. */
  asOf: number | null | undefined;
  links: readonly PanelLink[];
  wide?: boolean;
  /** A class for the body, to hold more than the usual chart's height while the data loads. */
  bodyClassName?: string;
  children: ReactNode;
}) {
  const { reset } = useQueryErrorResetBoundary();
  const headingId = `today-${id}`;
  return (
    <section className={wide ? `${styles.panel} ${styles.wide}` : styles.panel} aria-labelledby={headingId}>
      <div className={styles.panelHead}>
        <h2 id={headingId}>{title}</h2>
        <p className={styles.asOf} data-testid={`${id}-as-of`}>
          {/* Not "No data yet" while the rows are on their way: that would say the day has none. */}
          {asOf === undefined ? 'Loading…' : asOf === null ? 'No data yet' : `As of ${marketClock(asOf)}`}
        </p>
      </div>
      <div className={bodyClassName ? `${styles.body} ${bodyClassName}` : styles.body}>
        <ErrorBoundary onReset={reset}>{children}</ErrorBoundary>
      </div>
      <PanelLinks title={title} links={links} />
    </section>
  );
}

/** Memoised (each panel memoises its links): a refresh of the panel's rows leaves its links be. */
const PanelLinks = memo(function PanelLinks({
  title,
  links,
}: {
  title: string;
  links: readonly PanelLink[];
}) {
  if (links.length === 0) return null;
  return (
    <ul className={styles.links} aria-label={`Open ${title.toLowerCase()} elsewhere`}>
      {links.map((l) => (
        <li key={l.href}>
          <Link to={l.href}>{l.label}</Link>
        </li>
      ))}
    </ul>
  );
});
