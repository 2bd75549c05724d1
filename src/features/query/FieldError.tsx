import styles from './QueryPage.module.css';

/** The server's message beside the control it is about; controls point at it with aria-describedby. */
export function FieldError({ id, message }: { id: string; message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className={styles.fieldError} role="alert">
      {message}
    </p>
  );
}

export const describedBy = (id: string, message: string | null | undefined): string | undefined =>
  message ? id : undefined;
