// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { DataTable, type DataTableColumn } from './DataTable';

interface Hub {
  name: string;
  price: number;
}

const columns: DataTableColumn<Hub>[] = [
  { id: 'name', header: 'Hub', rowHeader: true, cell: (h) => h.name },
  { id: 'price', header: 'Price', numeric: true, cell: (h) => h.price.toFixed(2) },
];

describe('DataTable', () => {
  it('is a named table with column headers and row headers', () => {
    render(
      <DataTable
        caption="Hub prices"
        columns={columns}
        rows={[
          { name: 'HB_NORTH', price: 31.5 },
          { name: 'HB_WEST', price: -2 },
        ]}
        rowKey={(h) => h.name}
      />,
    );
    const table = screen.getByRole('table', { name: 'Hub prices' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Hub', 'Price']);
    expect(within(table).getByRole('rowheader', { name: 'HB_WEST' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: '-2.00' })).toBeInTheDocument();
  });

  it('scrolls inside a labelled region a keyboard user can focus', () => {
    render(
      <DataTable caption="Hub prices" columns={columns} rows={[]} rowKey={(h) => h.name} maxHeight="10rem" />,
    );
    const region = screen.getByRole('region', { name: 'Hub prices' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region).toHaveStyle({ maxHeight: '10rem' });
  });

  it('says so when there are no rows', () => {
    render(
      <DataTable
        caption="Hub prices"
        columns={columns}
        rows={[]}
        rowKey={(h) => h.name}
        empty="No hubs match."
      />,
    );
    expect(screen.getByRole('cell', { name: 'No hubs match.' })).toHaveAttribute('colspan', '2');
  });
});
