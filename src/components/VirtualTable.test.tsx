// @vitest-environment jsdom
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { Row } from '@/contract';
import { objectRows } from '@/components/tableRows';
import { useState } from 'react';
import type { TableView } from '@/components/TableColumnsMenu';
import { VirtualTable } from '@/components/VirtualTable';

const columns = [
  { id: 'interval_start_utc', header: 'interval_start_utc' },
  { id: 'location', header: 'location' },
  { id: 'spp', header: 'spp', unit: '$/MWh', numeric: true },
];
const rows: Row[] = Array.from({ length: 100_000 }, (_, i) => ({
  interval_start_utc: `row-${i}`,
  location: i % 2 === 0 ? 'HB_NORTH' : 'HB_WEST',
  spp: i === 3 ? -12.5 : i,
}));

/** Plain row objects as the table's rows. */
const t = (list: Row[]) =>
  objectRows(
    list,
    columns.map((c) => c.id),
  );

describe('VirtualTable', () => {
  it('renders 100,000 rows with only the visible ones in the DOM', () => {
    render(
      <VirtualTable
        caption="Prices"
        columns={columns}
        rows={t(rows)}
        height={320}
        rowHeight={32}
        status="100,000 rows loaded"
      />,
    );
    const table = screen.getByRole('table', { name: 'Prices' });
    const bodyRows = within(table)
      .getAllByRole('row')
      .filter((r) => r.getAttribute('aria-rowindex') !== null);
    expect(bodyRows.length).toBeLessThan(60);
    expect(table).toHaveAttribute('aria-rowcount', '100001');
    expect(screen.getByText('row-0')).toBeInTheDocument();
    expect(screen.queryByText('row-99999')).not.toBeInTheDocument();
    expect(screen.getByText('100,000 rows loaded')).toBeInTheDocument();
  });

  it('scrolling reuses the rows scrolled out for the rows scrolled in, each showing its own row', () => {
    render(<VirtualTable caption="Prices" columns={columns} rows={t(rows)} height={320} rowHeight={32} />);
    const region = screen.getByRole('region', { name: 'Prices' });
    const bodyRows = () =>
      within(screen.getByRole('table', { name: 'Prices' }))
        .getAllByRole('row')
        .filter((r) => r.closest('tbody') !== null && r.getAttribute('aria-rowindex') !== null);
    const rowOf = (index: number) =>
      bodyRows().find((r) => r.getAttribute('aria-rowindex') === String(index + 2));
    // Offsets between two rows' edges, so that every position draws the window's most rows.
    fireEvent.scroll(region, { target: { scrollTop: 1_000 * 32 + 8 } });
    const before = bodyRows();
    const kept = rowOf(1_003);
    // Three rows down: row 1,003 keeps its DOM row; the top ones lend theirs to the rows below.
    fireEvent.scroll(region, { target: { scrollTop: 1_003 * 32 + 8 } });
    expect(rowOf(1_003)).toBe(kept);
    // A jump far down draws every row anew, in the same DOM rows, each with its own cells.
    fireEvent.scroll(region, { target: { scrollTop: 50_000 * 32 + 8 } });
    const after = bodyRows();
    expect(after).toHaveLength(before.length);
    expect(after.every((r) => before.includes(r))).toBe(true);
    for (const row of after) {
      const index = Number(row.getAttribute('aria-rowindex')) - 2;
      expect(within(row).getByText(`row-${index}`)).toBeInTheDocument();
    }
    expect(screen.getByText('row-50000')).toBeInTheDocument();
    expect(screen.queryByText('row-1003')).not.toBeInTheDocument();
  });

  it('shows units in the header and right-aligns numbers as plain text', () => {
    render(<VirtualTable caption="Prices" columns={columns} rows={t(rows)} />);
    const header = screen.getByRole('columnheader', { name: 'spp ($/MWh)' });
    const negative = screen.getByText('-12.5');
    expect(negative.className).toBe(header.className);
    expect(negative.className).not.toBe('');
  });

  it('is a focusable region that scrolls with the keyboard', () => {
    render(<VirtualTable caption="Prices" columns={columns} rows={t(rows)} height={320} />);
    const region = screen.getByRole('region', { name: 'Prices' });
    expect(region).toHaveAttribute('tabindex', '0');
    fireEvent.keyDown(region, { key: 'ArrowDown' });
    expect(region.scrollTop).toBe(32);
    fireEvent.keyDown(region, { key: 'Home' });
    expect(region.scrollTop).toBe(0);
  });

  it('asks for more rows when the end comes into view', () => {
    const onEndReached = vi.fn();
    render(
      <VirtualTable caption="Few" columns={columns} rows={t(rows.slice(0, 5))} onEndReached={onEndReached} />,
    );
    expect(onEndReached).toHaveBeenCalled();
  });
});

describe('VirtualTable column widths', () => {
  const widthOf = (container: HTMLElement, index: number) =>
    (container.querySelectorAll('col')[index] as HTMLElement).style.width;

  it('gives each column a fixed width and a tooltip to a value cut short', () => {
    const long = 'N'.repeat(200);
    const { container } = render(
      <VirtualTable
        caption="Prices"
        columns={columns}
        rows={t([{ ...rows[0], location: long }, ...rows.slice(1, 10)])}
      />,
    );
    expect(container.querySelectorAll('col')).toHaveLength(3);
    // Sizes are TanStack Table's column sizes in px, fitted to the data.
    expect(widthOf(container, 0)).toMatch(/^\d+px$/);
    // The long value is capped (48 characters), so it is cut with its text as a tooltip.
    expect(parseFloat(widthOf(container, 1))).toBeLessThan(200 * 7);
    expect(screen.getByText(long)).toHaveAttribute('title', long);
    for (const cell of screen.getAllByText('HB_WEST')) expect(cell).not.toHaveAttribute('title');
  });

  it('never narrows a column when the next page of the same result arrives', () => {
    const first: Row[] = [{ interval_start_utc: 'a', location: 'HB_NORTH_WITH_A_LONG_NAME', spp: 1 }];
    const { container, rerender } = render(
      <VirtualTable caption="Prices" columns={columns} rows={t(first)} />,
    );
    const before = widthOf(container, 1);
    rerender(
      <VirtualTable caption="Prices" columns={columns} rows={t([...first, { location: 'X', spp: 2 }])} />,
    );
    expect(widthOf(container, 1)).toBe(before);
    rerender(<VirtualTable caption="Prices" columns={columns} rows={t([{ location: 'X', spp: 2 }])} />);
    expect(widthOf(container, 1)).not.toBe(before);
  });
});

describe('VirtualTable column resizing', () => {
  const colWidth = (container: HTMLElement, index: number) =>
    (container.querySelectorAll('col')[index] as HTMLElement).style.width;

  it('keeps header names clean and offers a named resize handle per column', () => {
    render(<VirtualTable caption="Prices" columns={columns} rows={t(rows.slice(0, 10))} />);
    expect(screen.getByRole('columnheader', { name: 'spp ($/MWh)' })).toBeInTheDocument();
    const handle = screen.getByRole('separator', { name: 'Resize column spp ($/MWh)' });
    expect(handle).toHaveAttribute('tabindex', '0');
    expect(handle).toHaveAttribute('aria-orientation', 'vertical');
  });

  it('widens and narrows a column with the arrow keys, and Escape gives the estimate back', () => {
    const { container } = render(
      <VirtualTable caption="Prices" columns={columns} rows={t(rows.slice(0, 10))} />,
    );
    const estimated = colWidth(container, 1);
    const handle = screen.getByRole('separator', { name: 'Resize column location' });
    const before = Number(handle.getAttribute('aria-valuenow'));
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    expect(colWidth(container, 1)).toBe(`${before + 32}px`);
    expect(handle).toHaveAttribute('aria-valuenow', String(before + 32));
    fireEvent.keyDown(handle, { key: 'ArrowLeft' });
    expect(handle).toHaveAttribute('aria-valuenow', String(before + 16));
    // A resized column may cut any value, so each carries its full text as a tooltip.
    expect(screen.getAllByText('HB_WEST')[0]).toHaveAttribute('title', 'HB_WEST');
    fireEvent.keyDown(handle, { key: 'Escape' });
    expect(colWidth(container, 1)).toBe(estimated);
    fireEvent.doubleClick(handle);
    expect(colWidth(container, 1)).toBe(estimated);
  });

  it('forgets resized widths when the columns change', () => {
    const { container, rerender } = render(
      <VirtualTable caption="Prices" columns={columns} rows={t(rows.slice(0, 10))} />,
    );
    const estimatedLocation = colWidth(container, 1);
    fireEvent.keyDown(screen.getByRole('separator', { name: 'Resize column location' }), {
      key: 'ArrowRight',
    });
    const fitted = colWidth(container, 0);
    expect(colWidth(container, 1)).not.toBe(estimatedLocation);
    rerender(<VirtualTable caption="Prices" columns={[...columns]} rows={t(rows.slice(0, 10))} />);
    expect(colWidth(container, 1)).toBe(estimatedLocation);
    expect(colWidth(container, 0)).toBe(fitted);
  });
});

describe('VirtualTable columns menu', () => {
  function Harness({ initial }: { initial: TableView }) {
    const [view, setView] = useState(initial);
    return (
      <VirtualTable
        caption="Prices"
        columns={columns}
        rows={t(rows.slice(0, 10))}
        view={view}
        onViewChange={setView}
      />
    );
  }
  const headers = () => screen.getAllByRole('columnheader').map((th) => th.getAttribute('aria-label'));
  const firstRow = () =>
    [...document.querySelectorAll('tbody tr[aria-rowindex="2"] td')].map((td) => td.textContent);

  it('hides and shows columns, keeping cells under their headers', () => {
    render(<Harness initial={{ hidden: ['location'], pinned: [], order: [] }} />);
    expect(headers()).toEqual(['interval_start_utc', 'spp ($/MWh)']);
    expect(firstRow()).toEqual(['row-0', '0']);
    fireEvent.click(screen.getByText(/Columns \(2 of 3 shown\)/));
    fireEvent.click(screen.getByRole('checkbox', { name: 'location' }));
    expect(headers()).toEqual(['interval_start_utc', 'location', 'spp ($/MWh)']);
    expect(firstRow()).toEqual(['row-0', 'HB_NORTH', '0']);
    expect(screen.getByRole('table')).toHaveAttribute('aria-colcount', '3');
  });

  it('never hides the last column shown', () => {
    render(<Harness initial={{ hidden: ['location', 'spp'], pinned: [], order: [] }} />);
    expect(screen.getByRole('checkbox', { name: 'interval_start_utc' })).toBeDisabled();
  });

  it('pins a column to the start, sticky, and moves columns left and right', () => {
    render(<Harness initial={{ hidden: [], pinned: [], order: [] }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Pin spp ($/MWh)' }));
    expect(headers()).toEqual(['spp ($/MWh)', 'interval_start_utc', 'location']);
    const pinned = screen.getByRole('columnheader', { name: 'spp ($/MWh)' });
    expect(pinned).toHaveStyle({ position: 'sticky' });
    expect(screen.getByRole('button', { name: 'Pin spp ($/MWh)' })).toHaveAttribute('aria-pressed', 'true');
    expect(firstRow()).toEqual(['0', 'row-0', 'HB_NORTH']);
    fireEvent.click(screen.getByRole('button', { name: 'Move location left' }));
    expect(headers()).toEqual(['spp ($/MWh)', 'location', 'interval_start_utc']);
    expect(firstRow()).toEqual(['0', 'HB_NORTH', 'row-0']);
  });
});

describe('VirtualTable with many columns', () => {
  // 30 columns of the same width (their values and headers are 8 characters), in a view 400 px wide.
  const wide = Array.from({ length: 30 }, (_, i) => ({ id: `column_${String(i).padStart(2, '0')}` }));
  const wideColumns = wide.map((c) => ({ id: c.id, header: c.id, numeric: true }));
  const wideRows: Row[] = Array.from({ length: 50 }, (_, r) =>
    Object.fromEntries(wide.map((c, i) => [c.id, r * 100 + i])),
  );
  const wideTable = (view?: TableView) => (
    <VirtualTable
      caption="Wide"
      columns={wideColumns}
      rows={objectRows(
        wideRows,
        wide.map((c) => c.id),
      )}
      fallbackRect={{ width: 400, height: 320 }}
      height={320}
      view={view}
    />
  );
  const headerIndexes = () =>
    screen.getAllByRole('columnheader').map((th) => Number(th.getAttribute('aria-colindex')));
  const firstRowCells = () => [...document.querySelectorAll('tbody tr[aria-rowindex="2"] td[aria-colindex]')];
  const colWidths = (container: HTMLElement) =>
    [...container.querySelectorAll('col')].map((col) => parseFloat((col as HTMLElement).style.width));
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

  it('draws only the columns in view and two more, each with its position among all 30', () => {
    const { container } = render(wideTable());
    const table = screen.getByRole('table', { name: 'Wide' });
    expect(table).toHaveAttribute('aria-colcount', '30');
    const drawn = headerIndexes();
    expect(drawn[0]).toBe(1);
    expect(drawn.length).toBeLessThan(15);
    // Consecutive from the first column, and the cells sit under their headers.
    expect(drawn).toEqual(drawn.map((_, i) => i + 1));
    expect(firstRowCells().map((td) => Number(td.getAttribute('aria-colindex')))).toEqual(drawn);
    expect(firstRowCells().map((td) => td.textContent)).toEqual(drawn.map((n) => String(n - 1)));
    expect(screen.queryByRole('columnheader', { name: 'column_29' })).not.toBeInTheDocument();
    // The columns not drawn keep their width in a spacer, so the table is as wide as all 30.
    const widths = colWidths(container);
    expect(widths).toHaveLength(drawn.length + 1);
    expect(parseFloat(table.style.width)).toBe(sum(widths));
  });

  it('draws the later columns when scrolled sideways, keeping the total width', () => {
    const { container } = render(wideTable());
    const table = screen.getByRole('table', { name: 'Wide' });
    const total = parseFloat(table.style.width);
    const region = screen.getByRole('region', { name: 'Wide' });
    fireEvent.scroll(region, { target: { scrollLeft: total - 400 } });
    const drawn = headerIndexes();
    expect(drawn.at(-1)).toBe(30);
    expect(drawn[0]).toBeGreaterThan(1);
    expect(screen.getByRole('columnheader', { name: 'column_29' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'column_00' })).not.toBeInTheDocument();
    expect(firstRowCells().map((td) => td.textContent)).toEqual(drawn.map((n) => String(n - 1)));
    // A spacer before, none after: the sizes still add up to the whole table.
    expect(sum(colWidths(container))).toBe(total);
    expect(colWidths(container)).toHaveLength(drawn.length + 1);
  });

  it('keeps pinned columns drawn at the start wherever the view is', () => {
    render(wideTable({ hidden: [], pinned: ['column_20'], order: [] }));
    const region = screen.getByRole('region', { name: 'Wide' });
    expect(headerIndexes()[0]).toBe(1);
    expect(screen.getByRole('columnheader', { name: 'column_20' })).toHaveAttribute('aria-colindex', '1');
    fireEvent.scroll(region, { target: { scrollLeft: 100_000 } });
    const drawn = headerIndexes();
    expect(drawn[0]).toBe(1);
    expect(drawn.at(-1)).toBe(30);
    expect(drawn[1]).toBeGreaterThan(2);
    expect(firstRowCells()[0]).toHaveTextContent('20');
  });
});
