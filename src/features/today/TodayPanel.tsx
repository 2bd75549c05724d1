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
  status = asOfText,
  links,
  wide = false,
  bodyClassName,
  children,
}: {
  title: string;
  id: string;
  /** The newest interval the panel's data holds, epoch ms; null when none; undefined while it loads. */
  asOf: number | null | undefined;
  /**
   * What the head says once the data has come, from `asOf`: "As of 15:05 CDT", or "No data yet".
   * A panel whose newest interval is not a time the data is fresh as of (a day-ahead schedule
   * holds the whole day) says what it holds instead.
   */
  status?: (asOf: number | null) => string;
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
          {asOf === undefined ? 'Loading…' : status(asOf)}
        </p>
      </div>
      <div className={bodyClassName ? `${styles.body} ${bodyClassName}` : styles.body}>
        <ErrorBoundary onReset={reset}>{children}</ErrorBoundary>
      </div>
      <PanelLinks title={title} links={links} />
    </section>
  );
}

/** A panel head's usual words: "As of 15:05 CDT", or "No data yet". */
export const asOfText = (asOf: number | null): string =>
  asOf === null ? 'No data yet' : `As of ${marketClock(asOf)}`;

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
