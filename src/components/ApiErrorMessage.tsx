import { Link } from 'react-router-dom';
import { apiErrorText, isApiError, isTimeoutError } from '@/api/ApiError';
import { retryCanHelp } from '@/api/retryPolicy';
import styles from './ApiErrorMessage.module.css';

interface Props {
  error: unknown;
  /** Asks again; offered only where that can change the answer (`retryCanHelp`). */
  onRetry?: () => void;
}

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return `${minutes} minutes`;
  return `${Math.ceil(minutes / 60)} hours`;
}

function title(error: unknown): string {
  if (!isApiError(error)) return 'Something went wrong';
  if (isTimeoutError(error)) return 'No answer from the server';
  // A 2xx that still failed is an answer the client could not read (cut off, HTML instead of JSON).
  if (error.status >= 200 && error.status < 300) return 'Unreadable answer';
  switch (error.status) {
    case 0:
      return 'Server unreachable';
    case 401:
      return 'Not signed in to the API';
    case 403:
      return 'Not available on your plan';
    case 404:
      return 'Not found';
    case 429:
      return 'Request limit reached';
    default:
      return `Error ${error.status}`;
  }
}

/**
 * The server's own words for a failed request, with the one thing the user can do about it. Retry
 * shows only where asking again can help (no answer, a time-out, a 5xx, a short rate limit), never
 * for a refusal that would only come back (an unknown id, a bad parameter, a key without access).
 */
export function ApiErrorMessage({ error, onRetry }: Props) {
  const status = isApiError(error) ? error.status : null;
  const needsKey = status === 401 || status === 403;
  const retryAfter = isApiError(error) ? error.retryAfter : null;
  const timedOut = isTimeoutError(error);
  return (
    <div role="alert" className={styles.error}>
      <p className={styles.title}>{title(error)}</p>
      <p>{apiErrorText(error)}</p>
      {status === 429 && (
        <p>
          {retryAfter === null
            ? 'Wait a moment before trying again.'
            : `Try again in ${formatWait(retryAfter)}.`}
        </p>
      )}
      {timedOut && (
        <p>
          It may be busy or down. Retry, or allow it longer in <Link to="/settings">Settings</Link>.
        </p>
      )}
      {needsKey && (
        <p>
          Check the API key in <Link to="/settings">Settings</Link>.
        </p>
      )}
      {onRetry && retryCanHelp(error) && (
        <button type="button" onClick={onRetry}>
          {timedOut ? 'Retry' : 'Try again'}
        </button>
      )}
    </div>
  );
}
