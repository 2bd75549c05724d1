import type { ReactNode } from 'react';
import styles from './CompareHeading.module.css';

/**
 * Compare's heading: the page's own, and what a link to it paints while the page's code is on its
 * way (app/PageFallback.tsx), so that its largest text is on screen at the first paint and the page
 * takes its place without moving it.
 */
export function CompareHeading({ children }: { children?: ReactNode }) {
  return (
    <header className={styles.header}>
      <h1>Compare</h1>
      <p className={styles.description}>
        Several series on one time axis, derived series, events and forecast error.
      </p>
      {children}
    </header>
  );
}
