import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorBoundary } from '@/components/ErrorBoundary';
import styles from './DailyPeakPage.module.css';

/**
 * A titled region of the report page with its own error boundary: a panel that breaks while
 * drawing shows its error and a retry, and the other panels keep working.
 */
export function Panel({
  title,
  id,
  bodyClassName,
  children,
}: {
  title: string;
  id: string;
  /** Styles the box around the body, e.g. the height it keeps while its data loads. */
  bodyClassName?: string;
  children: ReactNode;
}) {
  const { reset } = useQueryErrorResetBoundary();
  const headingId = `panel-${id}`;
  const body = <ErrorBoundary onReset={reset}>{children}</ErrorBoundary>;
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {bodyClassName ? <div className={bodyClassName}>{body}</div> : body}
    </section>
  );
}
