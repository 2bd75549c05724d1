import type { ReactNode } from 'react';
import styles from './DatasetPage.module.css';

/** A titled panel of the dataset page; the heading names the landmark for screen readers. */
export function Section({
  title,
  id,
  actions,
  children,
}: {
  title: string;
  id: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const headingId = `section-${id}`;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className={styles.sectionHeader}>
        <h2 id={headingId}>{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
