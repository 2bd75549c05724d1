// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { PricingLocation } from '@/contract';
import { setupMockServer } from '@/test/mockServer';
import { renderApp } from '@/test/renderApp';

const { server } = setupMockServer();

async function listTable(): Promise<HTMLElement> {
  return within(await screen.findByRole('region', { name: 'Pricing locations' })).getByRole('table');
}

function names(table: HTMLElement): string[] {
  return within(table)
    .getAllByRole('rowheader')
    .map((cell) => within(cell).getByRole('link').textContent);
}

function rowOf(table: HTMLElement, name: string): HTMLElement {
  const row = within(table).getByRole('link', { name }).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

describe('Pricing locations page', () => {
  it('lists the first page of all 659 locations with facet counts', async () => {
    renderApp('/locations');
    // The first test pays for importing the lazy route; on a busy machine that outlasts 1 s.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pricing locations' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    const table = await listTable();
    expect(within(table).getAllByRole('rowheader')).toHaveLength(100);
    expect(screen.getByText('1–100 of 659')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Resource Node (640)' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Trading Hub (7)' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'inactive (27)' })).toBeInTheDocument();
  });

  it('says how many listed locations have no coordinates, rather than a bare "0 on the map"', async () => {
    renderApp('/locations?types=Trading+Hub');
    expect(
      await screen.findByText(
        '0 on the map. 7 of the 7 listed have no coordinates (hubs and load zones are aggregates) and are not on it.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
  });

  it('rings the member nodes of a selected load zone on the map', async () => {
    renderApp('/locations?types=Load+Zone&sel=ercot-lz_west');
    const line = await screen.findByText(
      /Selected: LZ_WEST\. Its \d+ member nodes with coordinates are ringed\./,
      {},
      { timeout: 10_000 },
    );
    const count = Number(/Its (\d+) member/.exec(line.textContent)?.[1]);
    expect(count).toBeGreaterThan(10);
  });

  it('filters to load zones: the count and the facets agree, hubs and zones are "not on map"', async () => {
    const { user, router } = renderApp('/locations');
    await listTable();
    await user.click(screen.getByRole('checkbox', { name: 'Load Zone (8)' }));
    await waitFor(() => expect(screen.getByText('1–8 of 8')).toBeInTheDocument());
    expect(router.state.location.search).toBe('?types=Load+Zone');
    const table = await listTable();
    expect(names(table)).toEqual([
      'LZ_AEN',
      'LZ_CPS',
      'LZ_HOUSTON',
      'LZ_LCRA',
      'LZ_NORTH',
      'LZ_RAYBN',
      'LZ_SOUTH',
      'LZ_WEST',
    ]);
    // The type facet still counts every type (it ignores its own filter); the others follow it.
    expect(screen.getByRole('checkbox', { name: 'Load Zone (8)' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Resource Node (640)' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'active (8)' })).toBeInTheDocument();
    expect(within(rowOf(table, 'LZ_HOUSTON')).getByText('not on map')).toBeInTheDocument();
    expect(
      within(rowOf(table, 'LZ_HOUSTON')).queryByRole('button', { name: /Near this location/ }),
    ).toBeNull();
  });

  it('searches by name, id or zone, keeping the text in the URL', async () => {
    const { user, router } = renderApp('/locations');
    await listTable();
    await user.type(screen.getByRole('searchbox', { name: 'Search locations' }), 'hb_');
    await waitFor(() => expect(screen.getByText('1–7 of 7')).toBeInTheDocument());
    expect(names(await listTable())).toEqual([
      'HB_BUSAVG',
      'HB_HOUSTON',
      'HB_HUBAVG',
      'HB_NORTH',
      'HB_PAN',
      'HB_SOUTH',
      'HB_WEST',
    ]);
    expect(router.state.location.search).toBe('?q=hb_');
  });

  it('sorts by a clicked column header, and reverses on a second click', async () => {
    const { user, router } = renderApp('/locations?types=Trading%20Hub');
    await waitFor(() => expect(screen.getByText('1–7 of 7')).toBeInTheDocument());
    const header = screen.getByRole('columnheader', { name: /Location/ });
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(header).getByRole('button'));
    await waitFor(() => expect(names(screen.getByRole('table'))[0]).toBe('HB_WEST'));
    expect(screen.getByRole('columnheader', { name: /Location/ })).toHaveAttribute('aria-sort', 'descending');
    expect(router.state.location.search).toContain('order=desc');

    await user.click(within(screen.getByRole('columnheader', { name: /Latitude/ })).getByRole('button'));
    expect(screen.getByRole('columnheader', { name: /Latitude/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: /Location/ })).toHaveAttribute('aria-sort', 'none');
  });

  it('pages through the list 100 at a time', async () => {
    const { user, router } = renderApp('/locations');
    const first = names(await listTable())[0];
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByText('101–200 of 659')).toBeInTheDocument());
    expect(router.state.location.search).toBe('?page=2');
    expect(names(await listTable())).not.toContain(first);

    await act(() => router.navigate('/locations?page=7'));
    await waitFor(() => expect(screen.getByText('601–659 of 659')).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('filters by "Has coordinates"', async () => {
    const { user } = renderApp('/locations');
    await listTable();
    await user.selectOptions(screen.getByLabelText('Has coordinates'), 'no');
    await waitFor(() => expect(screen.getByText('1–15 of 15')).toBeInTheDocument());
    const table = await listTable();
    expect(within(table).getAllByText('not on map')).toHaveLength(15);
    expect(screen.getByText('Locations without coordinates are not on the map.')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Has coordinates'), 'yes');
    await waitFor(() => expect(screen.getByText('1–100 of 644')).toBeInTheDocument());
    expect(within(await listTable()).queryByText('not on map')).toBeNull();
  });

  it('finds the locations nearest to typed coordinates in Houston, nearest first', async () => {
    const { user, router } = renderApp('/locations');
    await listTable();
    await user.type(screen.getByLabelText('Latitude'), '29.76');
    await user.type(screen.getByLabelText('Longitude'), '-95.37');
    await user.click(screen.getByRole('button', { name: 'Find nearby' }));
    const results = await screen.findByRole('table', { name: 'Nearest to 29.76, -95.37' });
    expect(router.state.location.search).toBe('?np=29.76%2C-95.37');
    const rows = within(results).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(10);
    await waitFor(() =>
      expect(within(rows[0] as HTMLElement).getAllByRole('cell')[0]).toHaveTextContent('LZ_HOUSTON'),
    );
    const zones = rows.map((r) => within(r).getAllByRole('cell')[0]?.textContent);
    expect(zones.every((z) => z === 'LZ_HOUSTON')).toBe(true);
    const miles = rows.map((r) => Number(within(r).getAllByRole('cell')[1]?.textContent));
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    expect(miles[0]).toBeLessThan(15);
  });

  it('"Near this location" uses the row as the anchor, with limit and max distance', async () => {
    const { user, router } = renderApp('/locations?types=Resource%20Node');
    const table = await listTable();
    const firstRow = within(table).getAllByRole('row')[1] as HTMLElement;
    const name = within(firstRow).getByRole('rowheader').querySelector('a')?.textContent ?? '';
    await user.click(within(firstRow).getByRole('button', { name: `Near this location: ${name}` }));
    const results = await screen.findByRole('table', { name: `Nearest to ${name}` });
    expect(router.state.location.search).toContain(`near=ercot-${name.toLowerCase()}`);
    expect(within(results).getAllByRole('row').slice(1)).toHaveLength(10);
    expect(within(results).queryByRole('link', { name })).toBeNull();

    const limit = screen.getByLabelText('Limit');
    await user.clear(limit);
    await user.type(limit, '3');
    await user.type(screen.getByLabelText('Max distance (miles)'), '500');
    await user.tab();
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: `Nearest to ${name}` })).getAllByRole('row'),
      ).toHaveLength(4),
    );
    expect(router.state.location.search).toContain('limit=3');
    expect(router.state.location.search).toContain('maxd=500');
  });

  it('opens a shared link with its view and nearby point', async () => {
    renderApp('/locations?c=29.76,-95.37&z=9&np=29.76,-95.37&limit=2');
    const results = await screen.findByRole('table', { name: 'Nearest to 29.76, -95.37' });
    expect(within(results).getAllByRole('row')).toHaveLength(3);
  });

  it('renders names from the server as text, never as HTML', async () => {
    const evil = '<img src=x onerror=alert(1)>';
    const base = {
      gs_entity_id: 'ercot-evil',
      location: evil,
      location_type: 'Resource Node',
      market_id: 'ercot',
      baa: 'ERCO',
      zone: 'LZ_WEST',
      zone_type: 'Load Zone',
      latitude: 31.9,
      longitude: -102.1,
      pricing_datasets: ['ercot_spp_real_time_15_min'],
      earliest_seen_utc: '2023-01-01T06:00:00+00:00',
      latest_seen_utc: '2025-07-15T19:55:00+00:00',
      status_threshold_days: 7,
      status: 'active',
    } satisfies PricingLocation;
    server.use(
      http.get('*/v1/pricing_locations', () =>
        HttpResponse.json({
          items: [base],
          total_items: 1,
          facets: { location_type: { 'Resource Node': 1 }, zone: { LZ_WEST: 1 }, status: { active: 1 } },
        }),
      ),
    );
    const { container } = renderApp('/locations');
    expect(await screen.findByRole('link', { name: evil })).toHaveTextContent(evil);
    expect(container.querySelector('img[src="x"]')).toBeNull();
  });

  it('names the settings of a link it could not read, and what it used instead', async () => {
    renderApp('/locations?geo=maybe&z=99&foo=1');
    const notice = await screen.findByText(/^Some settings in the link could not be read/);
    expect(notice).toHaveTextContent(
      'has coordinates (“maybe” is not yes, no or empty; locations with and without coordinates were shown)',
    );
    expect(notice).toHaveTextContent('zoom (“99” is not a zoom from 3 to 18; the whole state was shown)');
    expect(notice).toHaveTextContent('“foo” (not a setting of this page; left out)');
  });
});
