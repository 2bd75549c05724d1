import { Link, isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { ApiErrorMessage } from '@/components/ApiErrorMessage';

/** Shown when a route module fails to load (e.g. a new deploy removed an old chunk) or throws. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <div className="page">
        <h1>Page not found</h1>
        <p>
          <Link to="/">Back to the catalog</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="page">
      <h1>This page could not be shown</h1>
      <ApiErrorMessage error={error} onRetry={() => window.location.reload()} />
      <p>
        <Link to="/">Back to the catalog</Link>
      </p>
    </div>
  );
}
