import styles from './Loading.module.css';

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div role="status" className={styles.loading}>
      <span className={styles.spinner} aria-hidden="true" />
      {label}
    </div>
  );
}
