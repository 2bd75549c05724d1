// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from '@/test/renderApp';
import { setupMockServer } from '@/test/mockServer';

const { server } = setupMockServer();

function section(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

describe('Dataset page', () => {
  it('shows the dataset with its columns, coverage, updates and audit', async () => {
    const { user } = renderApp('/datasets/ercot_load');
    expect(await screen.findByRole('heading', { level: 1, name: 'ERCOT Load' })).toBeInTheDocument();
    expect(screen.getByText('5 minutes')).toBeInTheDocument();
    expect(screen.getByText('ERCOT')).toBeInTheDocument();

    const columns = section('Columns');
    const loadRow = within(columns).getByRole('rowheader', { name: 'load' }).closest('tr') as HTMLElement;
    expect(within(loadRow).getByText('MW')).toBeInTheDocument();
    expect(within(loadRow).getByText('DOUBLE PRECISION')).toBeInTheDocument();
    const timeRow = within(columns)
      .getByRole('rowheader', { name: 'interval_start_utc' })
      .closest('tr') as HTMLElement;
    expect(within(timeRow).getByText('Time index')).toBeInTheDocument();
    expect(within(timeRow).getByText('Primary key')).toBeInTheDocument();

    const coverage = section('Coverage');
    expect(within(coverage).getByText('2023-01-01 06:00 UTC')).toBeInTheDocument();
    expect(within(coverage).getByText(/2023-01-01 00:00 CST \(market\)/)).toBeInTheDocument();
    expect(within(coverage).getByText('Approximate rows').nextElementSibling?.textContent).toMatch(
      /^\d{1,3}(,\d{3})+$/,
    );

    const updates = section('Recent updates');
    const updatesTable = await within(updates).findByRole('table');
    // The newest ten first, so the audit below stays within reach; the rest one click away.
    expect(within(updatesTable).getAllByRole('row')).toHaveLength(11);
    expect(
      within(updates).getByText('The 10 newest of at least 100 publication runs of the last 7 days.'),
    ).toBeInTheDocument();
    await user.click(within(updates).getByRole('button', { name: 'Show all 100' }));
    expect(within(within(updates).getByRole('table')).getAllByRole('row')).toHaveLength(101);
    expect(
      within(updates).getByText('The 100 newest publication runs of the last 7 days.'),
    ).toBeInTheDocument();
    await user.click(within(updates).getByRole('button', { name: 'Show 250 newest' }));
    expect(
      await within(updates).findByText('The 250 newest publication runs of the last 7 days.'),
    ).toBeInTheDocument();
    expect(within(within(updates).getByRole('table')).getAllByRole('row')).toHaveLength(251);

    const audit = section('Audit');
    const auditTable = await within(audit).findByRole('table');
    const rows = within(auditTable).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(30);
    // Newest complete market day first: the clock is 2025-07-15 15:00 market time.
    expect(within(rows[0] as HTMLElement).getByRole('rowheader')).toHaveTextContent('2025-07-14');
    expect(within(rows[0] as HTMLElement).getAllByRole('cell')[0]).toHaveTextContent('288');
    expect(await within(audit).findByRole('img', { name: /Datapoints per market day/ })).toBeInTheDocument();
  });

  it('says why a disclosure published 60 days late counts nothing in the last 30 days, and draws no flat line', async () => {
    renderApp('/datasets/ercot_sced_gen_resource_60_day');
    await screen.findByRole('heading', { level: 1 });
    const audit = section('Audit');
    const rows = within(await within(audit).findByRole('table'))
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(30);
    for (const row of rows) expect(within(row).getAllByRole('cell')[0]).toHaveTextContent(/^0$/);
    // Its data ends 60 days before the clock (2025-07-15 15:00 CDT), before the audit's first day.
    expect(within(audit).getByTestId('audit-outside')).toHaveTextContent(
      "None of these days has data: the dataset's data ends at 2025-05-16 15:00 CDT, before the first of them. Each count is 0 for that reason, not for gaps.",
    );
    expect(within(audit).queryByRole('img')).not.toBeInTheDocument();
  });

  it('explains only the empty days after the data ends; an empty day within the data stays a gap', async () => {
    // The disclosure's data ends 2025-05-16 15:00 CDT at this clock: a server whose audit window
    // straddles that day (newest first), with one day inside the data that counts nothing.
    const day = (market_date: string, n: number) => ({
      market_date,
      number_of_datapoints: n,
      number_of_unique_time_index_values: n === 0 ? 0 : 288,
      number_of_unique_subseries_index_values: n === 0 ? 0 : 800,
    });
    server.use(
      http.get('*/v1/datasets/ercot_sced_gen_resource_60_day/audit', () =>
        HttpResponse.json({
          data: [
            day('2025-05-18', 0),
            day('2025-05-17', 0),
            day('2025-05-16', 144_000),
            day('2025-05-15', 0),
            day('2025-05-14', 230_400),
          ],
          meta: { page: 1, limit: null, page_size: 5, hasNextPage: false, cursor: null },
          dataset_metadata: null,
        }),
      ),
    );
    renderApp('/datasets/ercot_sced_gen_resource_60_day');
    await screen.findByRole('heading', { level: 1 });
    const audit = section('Audit');
    await within(audit).findByRole('table');
    expect(
      within(audit)
        .getAllByTestId('audit-outside')
        .map((p) => p.textContent),
    ).toEqual(["The 2 days after 2025-05-16 count 0: the dataset's data ends at 2025-05-16 15:00 CDT."]);
    expect(await within(audit).findByRole('img', { name: /Datapoints per market day/ })).toBeInTheDocument();
  });

  it('says nothing of days outside the data when every day has some', async () => {
    renderApp('/datasets/ercot_fuel_mix');
    await screen.findByRole('heading', { level: 1 });
    const audit = section('Audit');
    await within(audit).findByRole('table');
    expect(within(audit).queryByTestId('audit-outside')).not.toBeInTheDocument();
  });

  it('names the audit’s count of subseries by its column: constraints are not locations', async () => {
    renderApp('/datasets/ercot_shadow_prices_dam');
    await screen.findByRole('heading', { level: 1 });
    const table = await within(section('Audit')).findByRole('table');
    expect(
      within(table).getByRole('columnheader', { name: 'Unique constraint_name values' }),
    ).toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: /locations/ })).not.toBeInTheDocument();
  });

  it('marks the subseries and publish columns of the datasets that have them', async () => {
    renderApp('/datasets/ercot_load_forecast_by_forecast_zone');
    await screen.findByRole('heading', { level: 1 });
    const columns = section('Columns');
    const publishRow = within(columns)
      .getByRole('rowheader', { name: 'publish_time_utc' })
      .closest('tr') as HTMLElement;
    expect(within(publishRow).getByText('Publish time')).toBeInTheDocument();
  });

  it('shows the server’s not-found message for an unknown id, with a way back', async () => {
    const { user } = renderApp('/datasets/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dataset not found' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent("Dataset 'nope' not found.");
    await user.click(screen.getByRole('link', { name: 'Back to the catalog' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Datasets' })).toBeInTheDocument();
  });

  it('keeps the other sections when the audit fails', async () => {
    server.use(
      http.get('*/v1/datasets/:id/audit', () => HttpResponse.json({ detail: 'boom' }, { status: 500 })),
    );
    renderApp('/datasets/ercot_fuel_mix');
    await screen.findByRole('heading', { level: 1 });
    const audit = section('Audit');
    expect(await within(audit).findByRole('alert')).toHaveTextContent('boom');
    expect(within(audit).queryByRole('table')).not.toBeInTheDocument();
    expect(await within(section('Recent updates')).findByRole('table')).toBeInTheDocument();
    expect(within(section('Columns')).getByRole('table')).toBeInTheDocument();
  });

  it('has a breadcrumb back to the catalog', async () => {
    renderApp('/datasets/ercot_as_prices');
    await screen.findByRole('heading', { level: 1 });
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Catalog' })).toHaveAttribute('href', '/');
  });
});
