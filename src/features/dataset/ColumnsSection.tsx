import type { Dataset, DatasetColumn } from '@/contract';
import { DataTable, type DataTableColumn } from '@/components/DataTable';
import styles from './DatasetPage.module.css';
import { Section } from './Section';

/** The roles a column plays in the dataset's index, as short labels. */
function columnRoles(dataset: Dataset, column: string): string[] {
  const roles: string[] = [];
  if (column === dataset.time_index_column) roles.push('Time index');
  if (column === dataset.subseries_index_column) roles.push('Subseries');
  if (column === dataset.publish_time_column) roles.push('Publish time');
  if (dataset.primary_key_columns.includes(column)) roles.push('Primary key');
  return roles;
}

export function ColumnsSection({ dataset }: { dataset: Dataset }) {
  const columns: DataTableColumn<DatasetColumn>[] = [
    { id: 'name', header: 'Column', rowHeader: true, nowrap: true, cell: (c) => <code>{c.name}</code> },
    { id: 'type', header: 'Type', nowrap: true, cell: (c) => c.type },
    { id: 'unit', header: 'Unit', nowrap: true, cell: (c) => c.unit ?? '—' },
    {
      id: 'role',
      header: 'Role',
      minWidth: '8rem',
      cell: (c) => (
        <span className={styles.badges}>
          {columnRoles(dataset, c.name).map((role) => (
            <span key={role} className={styles.badge}>
              {role}
            </span>
          ))}
        </span>
      ),
    },
    { id: 'description', header: 'Description', minWidth: '16rem', cell: (c) => c.description },
  ];
  return (
    <Section title="Columns" id="columns">
      <DataTable
        caption={`${dataset.all_columns.length} columns of ${dataset.id}`}
        columns={columns}
        rows={dataset.all_columns}
        rowKey={(c) => c.name}
      />
    </Section>
  );
}
