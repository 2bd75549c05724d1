// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '@/test/renderApp';
import { setupMockServer } from '@/test/mockServer';
import { DATASETS } from '@/mock/data/catalog';

setupMockServer();

const ALL_IDS = [
  'ercot_as_prices',
  'ercot_fuel_mix',
  'ercot_lmp_by_settlement_point',
  'ercot_load',
  'ercot_load_by_weather_zone',
  'ercot_load_forecast_by_forecast_zone',
  'ercot_real_time_as_monitor',
  'ercot_sced_gen_resource_60_day',
  'ercot_shadow_prices_dam',
  'ercot_shadow_prices_sced',
  'ercot_spp_day_ahead_hourly',
  'ercot_spp_real_time_15_min',
];

async function datasetTable(): Promise<HTMLElement> {
  await screen.findByText(`${DATASETS.length} datasets`);
  return screen.getByRole('table');
}

function visibleIds(table: HTMLElement): string[] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('code')?.textContent ?? '');
}

describe('Catalog page', () => {
  it('lists every dataset with their cadence and data range', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Datasets' })).toBeInTheDocument();
    const table = await datasetTable();
    expect(visibleIds(table)).toEqual(ALL_IDS);

    const loadRow = within(table)
      .getByRole('rowheader', { name: /ercot_load$/ })
      .closest('tr');
    expect(loadRow).not.toBeNull();
    const row = within(loadRow as HTMLElement);
    expect(row.getByRole('link', { name: 'ERCOT Load' })).toHaveAttribute('href', '/datasets/ercot_load');
    expect(row.getByRole('link', { name: 'Query ERCOT Load' })).toHaveAttribute(
      'href',
      '/datasets/ercot_load/query',
    );
    expect(row.getByText('5 minutes')).toBeInTheDocument();
    // Data starts at market midnight of 2023-01-01 and runs up to the (fixed) clock.
    expect(row.getByText('2023-01-01 00:00 CST')).toBeInTheDocument();
    expect(row.getByText(/^2025-07-15 1[45]:\d\d CDT$/)).toBeInTheDocument();

    const monitorRow = within(table)
      .getByRole('rowheader', { name: /ercot_real_time_as_monitor/ })
      .closest('tr');
    expect(within(monitorRow as HTMLElement).getByText('Irregular')).toBeInTheDocument();
  });

  it('filters by id, name or description and keeps the filter in the URL', async () => {
    const { user, router } = renderApp('/');
    const table = await datasetTable();
    const filter = screen.getByRole('searchbox', { name: 'Filter datasets' });

    await user.type(filter, 'WEATHER');
    expect(screen.getByText(`1 of ${DATASETS.length} datasets`)).toBeInTheDocument();
    expect(visibleIds(table)).toEqual(['ercot_load_by_weather_zone']);
    expect(router.state.location.search).toBe('?q=WEATHER');

    await user.clear(filter);
    await user.type(filter, 'spp_');
    expect(visibleIds(screen.getByRole('table'))).toEqual([
      'ercot_spp_day_ahead_hourly',
      'ercot_spp_real_time_15_min',
    ]);

    await user.keyboard('{Escape}');
    expect(filter).toHaveValue('');
    expect(router.state.location.search).toBe('');
    expect(screen.getByText(`${DATASETS.length} datasets`)).toBeInTheDocument();
  });

  it('opens filtered from a shared link', async () => {
    renderApp('/?q=load');
    expect(await screen.findByRole('searchbox', { name: 'Filter datasets' })).toHaveValue('load');
    await screen.findByText(new RegExp(`of ${DATASETS.length} datasets`));
    const ids = visibleIds(screen.getByRole('table'));
    expect(ids).toContain('ercot_load');
    expect(ids).toContain('ercot_load_forecast_by_forecast_zone');
    expect(ids).not.toContain('ercot_as_prices');
  });

  it('focuses the filter when / is pressed outside a field', async () => {
    const { user } = renderApp('/');
    await datasetTable();
    const filter = screen.getByRole('searchbox', { name: 'Filter datasets' });
    expect(filter).not.toHaveFocus();
    await user.keyboard('/');
    expect(filter).toHaveFocus();
    expect(filter).toHaveValue('');
  });

  it('offers only the sources the catalog has, and sends the chosen one to the API', async () => {
    const { user, router } = renderApp('/');
    await datasetTable();
    const source = screen.getByRole('combobox', { name: 'Source' });
    const options = () =>
      within(source)
        .getAllByRole('option')
        .map((o) => o.textContent);
    await waitFor(() => expect(options()).toEqual(['All sources', 'ERCOT']));

    await user.selectOptions(source, 'ercot');
    expect(await screen.findByText(`${DATASETS.length} datasets`)).toBeInTheDocument();
    expect(router.state.location.search).toBe('?source=ercot');
  });

  it('shows an empty state for a linked market without coverage, keeping it in the menu', async () => {
    const { user } = renderApp('/?source=caiso');
    expect(await screen.findByText('No datasets match source “caiso”.')).toBeInTheDocument();
    const source = screen.getByRole('combobox', { name: 'Source' });
    await waitFor(() =>
      expect(
        within(source)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['All sources', 'CAISO', 'ERCOT']),
    );
    await user.click(screen.getByRole('button', { name: 'Clear filter' }));
    expect(await screen.findByText(`${DATASETS.length} datasets`)).toBeInTheDocument();
    expect(source).toHaveValue('');
  });

  it('shows the empty state for a filter that matches nothing, and clears it', async () => {
    const { user } = renderApp('/?q=nuclear%20winter');
    expect(await screen.findByText('No datasets match “nuclear winter”.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filter' }));
    expect(await screen.findByText(`${DATASETS.length} datasets`)).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Filter datasets' })).toHaveFocus();
  });

  it('follows back and forward through filter changes', async () => {
    const { router } = renderApp('/?q=load');
    await screen.findByText(new RegExp(`of ${DATASETS.length} datasets`));
    await act(() => router.navigate('/?q=load&source=pjm'));
    expect(await screen.findByText('No datasets match “load” in source “pjm”.')).toBeInTheDocument();

    await act(() => router.navigate(-1));
    expect(await screen.findByText(new RegExp(`of ${DATASETS.length} datasets`))).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Source' })).toHaveValue('');

    await act(() => router.navigate('/?q=wind'));
    expect(screen.getByRole('searchbox', { name: 'Filter datasets' })).toHaveValue('wind');
  });

  it('ignores a malformed source in a link, and says so', async () => {
    renderApp('/?source=%3Cscript%3E');
    expect(await screen.findByText(`${DATASETS.length} datasets`)).toBeInTheDocument();
    expect(
      screen.getByText(
        'Some settings in the link could not be read and were not used: source (“<script>” is not a market code; every source was shown).',
      ),
    ).toBeInTheDocument();
  });

  it('opens a dataset page from its link', async () => {
    const { user } = renderApp('/');
    const table = await datasetTable();
    await user.click(within(table).getByRole('link', { name: 'ERCOT Load' }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 2, name: 'Columns' })).toBeInTheDocument(),
    );
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toBeInTheDocument();
  });
});
