import { useQuery, useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useMemo } from 'react';
import { datasetAuditOptions } from '@/api/datasets/queries';
import type { Dataset, DatasetAuditRecord } from '@/contract';
import { ApiErrorMessage } from '@/components/ApiErrorMessage';
import { LazyBarChart } from '@/components/charts/LazyBarChart';
import { DataTable, type DataTableColumn } from '@/components/DataTable';
import { ErrorBoundary } from '@/components/ErrorBoundary';
import { Loading } from '@/components/Loading';
import { formatCompact, formatInteger, formatTimestamp, MARKET_TIME_ZONE } from '@/lib/format';
import { marketDateOf } from '@/time';
import styles from './DatasetPage.module.css';
import { Section } from './Section';

/** The subseries count is named by its column: a location, a constraint or a resource, by dataset. */
function auditColumns(subseries: string | null): DataTableColumn<DatasetAuditRecord>[] {
  const columns: DataTableColumn<DatasetAuditRecord>[] = [
    { id: 'date', header: 'Market date', rowHeader: true, nowrap: true, cell: (a) => a.market_date },
    { id: 'points', header: 'Datapoints', numeric: true, cell: (a) => formatInteger(a.number_of_datapoints) },
    {
      id: 'times',
      header: 'Unique times',
      numeric: true,
      cell: (a) => formatInteger(a.number_of_unique_time_index_values),
    },
  ];
  if (subseries !== null) {
    columns.push({
      id: 'subseries',
      header: `Unique ${subseries} values`,
      numeric: true,
      cell: (a) => formatInteger(a.number_of_unique_subseries_index_values),
    });
  }
  return columns;
}

/**
 * Why some days count nothing: they lie outside the dataset's data (a 60-day disclosure has none
 * in the last 30 days). Said beside the zeros, so they do not read as gaps in the data.
 */
function outsideData(records: readonly DatasetAuditRecord[], dataset: Dataset): string[] {
  const begins = Date.parse(dataset.earliestData);
  const ends = Date.parse(dataset.latestData);
  if (Number.isNaN(begins) || Number.isNaN(ends)) return [];
  const first = marketDateOf(begins);
  const last = marketDateOf(ends);
  const empty = records.filter((a) => a.number_of_datapoints === 0);
  const after = empty.filter((a) => a.market_date > last).length;
  const before = empty.filter((a) => a.market_date < first).length;
  const at = (value: string) => formatTimestamp(value, { timeZone: MARKET_TIME_ZONE });
  const days = (n: number) => (n === 1 ? 'The day' : `The ${formatInteger(n)} days`);
  const count = (n: number) => (n === 1 ? 'counts' : 'count');
  const notes: string[] = [];
  if (after > 0 && after === records.length)
    notes.push(
      `None of these days has data: the dataset's data ends at ${at(dataset.latestData)}, before the first of them. Each count is 0 for that reason, not for gaps.`,
    );
  else if (after > 0)
    notes.push(
      `${days(after)} after ${last} ${count(after)} 0: the dataset's data ends at ${at(dataset.latestData)}.`,
    );
  if (before > 0 && before === records.length)
    notes.push(
      `None of these days has data: the dataset's data begins at ${at(dataset.earliestData)}, after the last of them.`,
    );
  else if (before > 0)
    notes.push(
      `${days(before)} before ${first} ${count(before)} 0: the dataset's data begins at ${at(dataset.earliestData)}.`,
    );
  return notes;
}

/** `2025-07-14` → `07-14`: the year is noise on an axis of 30 days. */
const shortDate = (date: string): string => date.slice(5);

export function AuditSection({ dataset }: { dataset: Dataset }) {
  const query = useQuery(datasetAuditOptions(dataset.id));
  const { reset } = useQueryErrorResetBoundary();
  const records = query.data?.data;
  const outside = useMemo(() => (records ? outsideData(records, dataset) : []), [records, dataset]);
  // A flat line at zero says nothing the note does not.
  const anyData = (records ?? []).some((a) => a.number_of_datapoints > 0);
  // The table reads newest first like the API; a chart reads left to right in time.
  const bars = useMemo(
    () => (records ?? []).map((a) => ({ label: a.market_date, value: a.number_of_datapoints })).reverse(),
    [records],
  );

  return (
    <Section title="Audit" id="audit">
      {query.isPending ? (
        <Loading label="Loading audit…" />
      ) : query.isError ? (
        <ApiErrorMessage error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <p className={styles.note}>
            Datapoints per market day over the last {query.data.data.length} complete market days
            (US/Central).
          </p>
          {outside.map((note) => (
            <p key={note} className={styles.note} data-testid="audit-outside">
              {note}
            </p>
          ))}
          {anyData && (
            <ErrorBoundary onReset={reset}>
              <LazyBarChart
                data={bars}
                title={`Datapoints per market day of ${dataset.name}; the table below lists the same numbers.`}
                valueLabel="Datapoints"
                formatValue={formatCompact}
                formatLabel={shortDate}
                height={180}
              />
            </ErrorBoundary>
          )}
          <DataTable
            caption={`Audit of ${dataset.id} by market day, newest first`}
            hideCaption
            columns={auditColumns(dataset.subseries_index_column)}
            rows={query.data.data}
            rowKey={(a) => a.market_date}
            stickyHeader
            maxHeight="24rem"
            empty="No complete market days yet."
          />
        </>
      )}
    </Section>
  );
}
