import { useWaitingSeconds } from '@/components/useWaitingSeconds';
import styles from './Loading.module.css';

interface Props {
  label?: string;
  /** Offered once the wait is slow: gives up on the request (the caller aborts it). */
  onCancel?: () => void;
}

/**
 * A wait for the server. Once it takes longer than a normal answer, it says so and counts the
 * seconds, so a slow server can be told from a dead one, and offers Cancel when the caller can.
 */
export function Loading({ label = 'Loading…', onCancel }: Props) {
  const seconds = useWaitingSeconds();
  return (
    <div className={styles.loading}>
      <div role="status" className={styles.line}>
        <span className={styles.spinner} aria-hidden="true" />
        <span>{label}</span>
        {seconds !== null && <span className={styles.waiting}>Waiting for the server… {seconds} s</span>}
      </div>
      {seconds !== null && onCancel && (
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      )}
    </div>
  );
}
