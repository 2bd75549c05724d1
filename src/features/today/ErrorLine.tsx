import { formatMw, formatPercent } from './figures';
import type { ForecastError } from './forecastError';

/**
 * A forecast's error so far, with the number of hours it is over: the hours compared, not the
 * hours that have data (a forecast missing for an hour leaves it out).
 */
export function ErrorLine({ label, error }: { label: string; error: ForecastError | null }) {
  return (
    <div>
      <dt>
        {label}
        {error ? ` (${error.hours} complete h)` : ''}
      </dt>
      <dd>
        {error === null
          ? 'No complete hour yet'
          : `MAE ${formatMw(error.mae)} · MAPE ${formatPercent(error.mape)}`}
      </dd>
    </div>
  );
}
