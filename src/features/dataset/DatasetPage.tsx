import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { addToCompareHref } from '@/compare/compareLinks';
import { valueColumnOf } from '@/lib/valueColumn';
import { isNotFoundError } from '@/api/ApiError';
import { datasetOptions } from '@/api/datasets/queries';
import { DatasetErrorMessage } from '@/components/DatasetErrorMessage';
import { QueryLoading } from '@/components/QueryLoading';
import type { Dataset } from '@/contract';
import { formatCadence } from '@/lib/format';
import { AuditSection } from './AuditSection';
import { ColumnsSection } from './ColumnsSection';
import { CoverageSection } from './CoverageSection';
import styles from './DatasetPage.module.css';
import { UpdatesSection } from './UpdatesSection';
import { useDocumentTitle } from '@/lib/useDocumentTitle';

function Breadcrumb({ current }: { current: string }) {
  return (
    <nav aria-label="Breadcrumb" className={styles.breadcrumb}>
      <ol>
        <li>
          <Link to="/">Catalog</Link>
        </li>
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}

/**
 * `/datasets/:id`: what a dataset holds and how healthy it is. The metadata drives the header,
 * columns and coverage; updates and audit are separate requests that fail on their own, so one
 * broken panel never hides the rest.
 */
/** The dataset's first value column (at the hub average, for prices) as a series of Compare. */
function CompareLink({ dataset }: { dataset: Dataset }) {
  const column = valueColumnOf(dataset);
  if (column === null) return null;
  const byLocation = dataset.subseries_index_column === 'location';
  const href = addToCompareHref({
    dataset: dataset.id,
    column,
    filterColumn: byLocation ? 'location' : '',
    filterValue: byLocation ? 'HB_HUBAVG' : '',
    fn: 'mean',
    shift: 0,
    lead: null,
  });
  return (
    <Link to={href} className="button-link">
      Add to compare
    </Link>
  );
}

export function DatasetPage() {
  const id = useParams().id ?? '';
  const options = datasetOptions(id);
  const query = useQuery(options);
  const name = query.data?.name;

  useDocumentTitle(name);

  if (query.isPending) {
    return (
      <div className={styles.page}>
        <Breadcrumb current={id} />
        <QueryLoading label="Loading dataset…" queryKey={options.queryKey} refetch={query.refetch} />
      </div>
    );
  }

  if (query.isError) {
    // A dataset the server does not have says so in its heading; the message offers the nearest ids.
    return (
      <div className={styles.page}>
        <Breadcrumb current={id} />
        {isNotFoundError(query.error) ? (
          <h1>Dataset not found</h1>
        ) : (
          <h1>
            Dataset <code>{id}</code>
          </h1>
        )}
        <DatasetErrorMessage
          id={id}
          error={query.error}
          onRetry={() => void query.refetch()}
          hrefOf={(near) => `/datasets/${encodeURIComponent(near)}`}
        />
      </div>
    );
  }

  const dataset = query.data;
  return (
    <div className={styles.page}>
      <Breadcrumb current={dataset.name} />
      <header className={styles.header}>
        <h1>{dataset.name}</h1>
        <dl className={styles.facts}>
          <div>
            <dt>ID</dt>
            <dd>
              <code>{dataset.id}</code>
            </dd>
          </div>
          <div>
            <dt>Source</dt>
            <dd>{dataset.source.toUpperCase()}</dd>
          </div>
          <div>
            <dt>Cadence</dt>
            <dd>{formatCadence(dataset.cadence)}</dd>
          </div>
        </dl>
        <p className={styles.description}>{dataset.description}</p>
        <Link to={`/datasets/${encodeURIComponent(dataset.id)}/query`} className="button-link">
          Query this dataset
        </Link>{' '}
        <CompareLink dataset={dataset} />
      </header>

      <ColumnsSection dataset={dataset} />
      <CoverageSection dataset={dataset} />
      <UpdatesSection datasetId={dataset.id} />
      <AuditSection dataset={dataset} />
    </div>
  );
}
