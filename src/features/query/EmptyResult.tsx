import { Link } from 'react-router-dom';
import type { Dataset } from '@/contract';
import { EmptyState } from '@/components/EmptyState';
import { formatTimestamp } from '@/lib/format';
import { unknownValues, useKnownValues } from './knownValues';
import { writeQueryState, type QueryState } from './queryUrl';

/**
 * A query that returned no rows, said plainly: when its filter names a value the app knows does
 * not exist, which one and the known values nearest to it (each a link that runs the query with
 * it); otherwise where the dataset's data lies, the usual reason for an empty range.
 */
export function EmptyResult({ dataset, state }: { dataset: Dataset; state: QueryState }) {
  const { known } = useKnownValues(dataset, state.fcol);
  const multiple = state.fop === 'in';
  const unknown = known && state.fval.trim() !== '' ? unknownValues(state.fval, multiple, known) : [];
  const withValue = (from: string, to: string): string => {
    const fval = multiple
      ? state.fval
          .split(',')
          .map((v) => (v.trim() === from ? to : v.trim()))
          .join(',')
      : to;
    return `?${writeQueryState({ ...state, fval }).toString()}`;
  };
  return (
    <div role="status">
      <EmptyState title="No rows match this query.">
        {unknown.length > 0 && known ? (
          unknown.map(({ value, suggestions }) => (
            <p key={value}>
              “{value}” is not a known {known.noun}
              {suggestions.length > 0 ? '; the nearest are ' : ', and no known one is close.'}
              {suggestions.map((s, i) => (
                <span key={s}>
                  {i > 0 ? ', ' : ''}
                  <Link to={withValue(value, s)}>{s}</Link>
                </span>
              ))}
              {suggestions.length > 0 ? '.' : ''}
            </p>
          ))
        ) : (
          <p>
            {state.fcol !== '' && state.fval !== ''
              ? 'Check the filter, or widen the time range: '
              : 'Widen the time range: '}
            this dataset has data from {formatTimestamp(dataset.earliestData)} to{' '}
            {formatTimestamp(dataset.latestData)}.
          </p>
        )}
      </EmptyState>
    </div>
  );
}
