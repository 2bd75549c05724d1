// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { TEST_NOW } from '@/test/clock';
import { setupMockServer } from '@/test/mockServer';
import { renderApp } from '@/test/renderApp';

const { server } = setupMockServer();

function field(term: string): HTMLElement {
  const dt = screen.getByText(term, { selector: 'dt' });
  const dd = dt.nextElementSibling;
  if (!(dd instanceof HTMLElement)) throw new Error(`no value for ${term}`);
  return dd;
}

/** The links of the section "Prices at this location", by name, each with its href. */
async function priceLinks(): Promise<Map<string, URL>> {
  const section = (await screen.findByRole('heading', { name: 'Prices at this location' })).closest(
    'section',
  );
  // The Compare links come once the catalog has answered.
  await within(section as HTMLElement).findByRole('link', { name: /^Compare with its hub/ });
  return new Map(
    within(section as HTMLElement)
      .getAllByRole('link')
      .map((a) => [a.textContent, new URL(a.getAttribute('href') ?? '', 'http://x')]),
  );
}

describe('Pricing location page', () => {
  // The page's clock is the mock's: its "last 7 days" are the days the mock has data for.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: TEST_NOW });
  });
  afterEach(() => vi.useRealTimers());

  it('shows every field, its status with the threshold, and where it is', async () => {
    renderApp('/locations/ercot-abilene_all');
    expect(await screen.findByRole('heading', { level: 1, name: 'ABILENE_ALL' })).toBeInTheDocument();
    expect(field('Id (gs_entity_id)')).toHaveTextContent('ercot-abilene_all');
    expect(field('Type')).toHaveTextContent('Resource Node');
    expect(field('Market')).toHaveTextContent('ercot');
    expect(field('Balancing authority')).toHaveTextContent('ERCO');
    expect(field('Zone')).toHaveTextContent('LZ_WEST');
    expect(field('Zone type')).toHaveTextContent('Load Zone');
    expect(field('Latitude')).toHaveTextContent('33.1503');
    expect(field('Longitude')).toHaveTextContent('-100.7753');
    expect(field('Status')).toHaveTextContent('active — seen within 7 days');
    expect(field('First seen')).toHaveTextContent('2023-01-01 06:00 UTC (2023-01-01 00:00 CST market time)');
    // Day-ahead prices run into tomorrow: the last row is how far the data reaches, not a sighting.
    expect(field('Data through')).toHaveTextContent(
      '2025-07-17 04:00 UTC (2025-07-16 23:00 CDT market time)',
    );
    expect(screen.getByRole('link', { name: 'Near this location' })).toHaveAttribute(
      'href',
      '/locations?near=ercot-abilene_all',
    );
  });

  it('links to the query builder on each pricing dataset, filtered to the location for 7 days', async () => {
    renderApp('/locations/ercot-hb_houston');
    const section = (await screen.findByRole('heading', { name: 'Prices at this location' })).closest(
      'section',
    );
    // Each dataset also has its "Add to compare" link (ComparePage.test.tsx covers those).
    const links = within(section as HTMLElement)
      .getAllByRole('link')
      .filter((a) => a.getAttribute('href')?.startsWith('/datasets/'));
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/datasets/ercot_lmp_by_settlement_point/query?v=1&range=last_7d&fcol=location&fval=HB_HOUSTON',
      '/datasets/ercot_spp_day_ahead_hourly/query?v=1&range=last_7d&fcol=location&fval=HB_HOUSTON',
      '/datasets/ercot_spp_real_time_15_min/query?v=1&range=last_7d&fcol=location&fval=HB_HOUSTON',
    ]);
    // A hub is an aggregate: no coordinates, no map, no nearby search.
    expect(screen.getByText('not on map: an aggregate without coordinates')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Near this location' })).toBeNull();
  });

  it('says clearly when the location does not exist, in the server’s words', async () => {
    renderApp('/locations/ercot-nowhere');
    expect(await screen.findByRole('heading', { level: 1, name: 'Location not found' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent("Pricing location 'ercot-nowhere' not found.");
    // Trying again cannot help a 404: the page offers the way forward instead.
    expect(screen.queryByRole('button', { name: /try again/i })).toBeNull();
    expect(
      await screen.findByText(/No location has a name, id or zone containing “nowhere”/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all pricing locations' })).toHaveAttribute(
      'href',
      '/locations',
    );
  });

  it('opens a location by its settlement-point name, as analysts write it', async () => {
    const { router } = renderApp('/locations/HB_NORTH');
    expect(await screen.findByRole('heading', { level: 1, name: 'HB_NORTH' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/locations/ercot-hb_north');
    expect(field('Type')).toHaveTextContent('Trading Hub');
  });

  it('suggests the locations a mistyped name is close to', async () => {
    renderApp('/locations/HB_NORT');
    expect(await screen.findByRole('heading', { level: 1, name: 'Location not found' })).toBeInTheDocument();
    const suggestions = (await screen.findByRole('heading', { name: 'Did you mean' })).closest('section');
    const link = within(suggestions as HTMLElement).getByRole('link', { name: 'HB_NORTH' });
    expect(link).toHaveAttribute('href', '/locations/ercot-hb_north');
  });

  it('renders a name from the server as text, never as HTML, and encodes it in query links', async () => {
    const evil = '<img src=x onerror=alert(1)>';
    server.use(
      http.get('*/v1/pricing_locations/:id', () =>
        HttpResponse.json({
          gs_entity_id: 'ercot-evil',
          location: evil,
          location_type: 'Resource Node',
          market_id: 'ercot',
          baa: 'ERCO',
          zone: 'LZ_WEST',
          zone_type: 'Load Zone',
          latitude: null,
          longitude: null,
          pricing_datasets: ['ercot_spp_real_time_15_min'],
          earliest_seen_utc: '2023-01-01T06:00:00+00:00',
          latest_seen_utc: '2025-07-15T19:55:00+00:00',
          status_threshold_days: 7,
          status: 'active',
        }),
      ),
    );
    const { container } = renderApp('/locations/ercot-evil');
    expect(await screen.findByRole('heading', { level: 1, name: evil })).toBeInTheDocument();
    expect(container.querySelector('img[src="x"]')).toBeNull();
    expect(screen.getByRole('link', { name: 'Query ercot_spp_real_time_15_min' })).toHaveAttribute(
      'href',
      `/datasets/ercot_spp_real_time_15_min/query?v=1&range=last_7d&fcol=location&fval=${encodeURIComponent(evil)}`,
    );
  });

  it('opens the links of a retired node on the last 7 days of its data, and says so', async () => {
    renderApp('/locations/ercot-alvin_rn');
    expect(await screen.findByRole('heading', { level: 1, name: 'ALVIN_RN' })).toBeInTheDocument();
    expect(field('Status')).toHaveTextContent('inactive — not seen within 7 days');
    expect(field('Data through')).toHaveTextContent(
      '2024-06-21 20:55 UTC (2024-06-21 15:55 CDT market time)',
    );
    const links = await priceLinks();
    const description =
      'Opens the query builder filtered to ALVIN_RN for the last 7 days of its data, to 2024-06-21 ' +
      '(2024-06-15 to 2024-06-21, market time): it has no data in the last 7 days.';
    expect(screen.getByText(description)).toBeInTheDocument();

    // The query builder: 2024-06-15 00:00 to 2024-06-22 00:00 market time, the end exclusive.
    const query = screen.getByRole('link', { name: 'Query ercot_spp_real_time_15_min' });
    expect(query).toHaveAccessibleDescription(description);
    const builder = links.get('Query ercot_spp_real_time_15_min');
    expect(builder?.pathname).toBe('/datasets/ercot_spp_real_time_15_min/query');
    expect(Object.fromEntries(builder?.searchParams ?? [])).toEqual({
      v: '1',
      range: 'custom',
      start: '2024-06-15',
      end: '2024-06-22',
      tz: 'market',
      fcol: 'location',
      fval: 'ALVIN_RN',
    });

    // Compare: the node against its hub over the same market days, said beside the link.
    const hub = screen.getByRole('link', { name: 'Compare with its hub (HB_HOUSTON)' });
    expect(hub).toHaveAccessibleDescription(
      'for the last 7 days of its data, to 2024-06-21 (2024-06-15 to 2024-06-21)',
    );
    const compare = links.get('Compare with its hub (HB_HOUSTON)')?.searchParams;
    expect(compare?.get('A')).toBe('ercot_lmp_by_settlement_point:lmp;location=ALVIN_RN');
    expect(compare?.get('B')).toBe('ercot_lmp_by_settlement_point:lmp;location=HB_HOUSTON');
    expect([compare?.get('from'), compare?.get('to')]).toEqual(['2024-06-15', '2024-06-21']);
    // A new workspace started by "Add to compare" opens on the same days.
    const add = links.get('Add ercot_spp_day_ahead_hourly to compare')?.searchParams;
    expect(add?.get('A')).toBe('ercot_spp_day_ahead_hourly:spp;location=ALVIN_RN');
    expect([add?.get('from'), add?.get('to')]).toEqual(['2024-06-15', '2024-06-21']);
  });

  it('keeps the last 7 days for an active node', async () => {
    renderApp('/locations/ercot-abilene_all');
    const links = await priceLinks();
    expect(
      screen.getByText('Opens the query builder filtered to ABILENE_ALL for the last 7 days.'),
    ).toBeInTheDocument();
    expect(links.get('Query ercot_spp_real_time_15_min')?.search).toBe(
      '?v=1&range=last_7d&fcol=location&fval=ABILENE_ALL',
    );
    const hub = screen.getByRole('link', { name: 'Compare with its hub (HB_WEST)' });
    expect(hub).not.toHaveAccessibleDescription();
    // The 7 complete market days before today (2025-07-15 in market time).
    const compare = links.get('Compare with its hub (HB_WEST)')?.searchParams;
    expect([compare?.get('from'), compare?.get('to')]).toEqual(['2025-07-08', '2025-07-14']);
    expect(screen.queryByText(/of its data/)).toBeNull();
  });
});
