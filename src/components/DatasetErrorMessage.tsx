import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { isNotFoundError } from '@/api/ApiError';
import { datasetsOptions } from '@/api/datasets/queries';
import { ApiErrorMessage } from '@/components/ApiErrorMessage';
import { nearestNames } from '@/lib/nearestNames';
import styles from './ApiErrorMessage.module.css';

interface Props {
  /** The dataset id asked for, as the link spelled it. */
  id: string;
  error: unknown;
  /** Asks again, where that can help (ApiErrorMessage decides). */
  onRetry?: () => void;
  /** Where a suggested dataset leads: its page, or its query builder. */
  hrefOf: (id: string) => string;
}

/**
 * Why a dataset could not be loaded. A dataset the server does not have (404) is not retried: the
 * catalog's ids nearest to the one asked for are offered instead, with the way to the catalog.
 */
export function DatasetErrorMessage({ id, error, onRetry, hrefOf }: Props) {
  const headingId = useId();
  const notFound = isNotFoundError(error);
  const catalog = useQuery({ ...datasetsOptions(), enabled: notFound });
  if (!notFound) return <ApiErrorMessage error={error} onRetry={onRetry} />;

  const datasets = catalog.data?.data ?? [];
  const names = new Map(datasets.map((d) => [d.id, d.name] as const));
  const nearest = nearestNames(
    id,
    datasets.map((d) => d.id),
  );
  return (
    <>
      <ApiErrorMessage error={error} />
      {nearest.length > 0 && (
        <section aria-labelledby={headingId}>
          <h2 id={headingId}>Did you mean</h2>
          <ul className={styles.suggestions}>
            {nearest.map((near) => (
              <li key={near}>
                <Link to={hrefOf(near)}>{names.get(near) ?? near}</Link> <code>{near}</code>
              </li>
            ))}
          </ul>
        </section>
      )}
      <p>
        <Link to="/">Back to the catalog</Link> to see the datasets that exist.
      </p>
    </>
  );
}
