// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupMockServer } from '@/test/mockServer';
import { renderApp } from '@/test/renderApp';
import { compareHref, dataSeries, type CompareState } from '@/compare/compareWorkspace';

/** The audit's clock, the mock's and the page's: 2026-11-23, noon in Houston. */
const AUDIT_NOW = Date.UTC(2026, 10, 23, 18);
const { server } = setupMockServer({ now: () => AUDIT_NOW });

const SLOW = { timeout: 15_000 };
const LMP = 'ercot_lmp_by_settlement_point';
const at = (location: string) =>
  dataSeries('A', LMP, 'lmp', { filterColumn: 'location', filterValue: location });

function openHeatmap(state: Partial<CompareState>) {
  vi.useFakeTimers({ toFake: ['Date'], now: AUDIT_NOW });
  return renderApp(compareHref({ grid: '1h', view: 'heatmap', of: 'A', ...state }));
}

const heatmap = () => screen.findByRole('img', { name: /^Heatmap of A: / }, SLOW);
const caption = async () => (await heatmap()).closest('figure')?.querySelector('figcaption')?.textContent;

describe('Compare heatmap', () => {
  afterEach(() => vi.useRealTimers());

  it('says a series has no values in the range, and why, instead of drawing a colour scale no value is on', async () => {
    // ALVIN_RN is retired: its data ends 2024-06-21.
    openHeatmap({ A: at('ALVIN_RN'), from: '2026-11-22', to: '2026-11-28' });
    const empty = await screen.findByTestId('heatmap-empty', undefined, SLOW);
    await within(empty).findByText(/the registry last saw ALVIN_RN on 2024-06-21/, undefined, SLOW);
    expect(empty).toHaveTextContent(
      'No values for A: Real-Time LMP by Settlement Point · lmp · ALVIN_RN in this range (2026-11-22 to 2026-11-28): the registry last saw ALVIN_RN on 2024-06-21, before this range. Nothing to draw.',
    );
    // Before, "Colour from -1 $/MWh to 1 $/MWh, centred on zero" above an empty canvas.
    expect(screen.queryByText(/Colour from/)).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /^Heatmap of/ })).not.toBeInTheDocument();
  });

  it('says a series that failed is not drawn, as the chart does, rather than waiting for it', async () => {
    server.use(
      http.get(`*/v1/datasets/${LMP}/query`, () =>
        HttpResponse.json({ detail: 'The upstream timed out.' }, { status: 500 }),
      ),
    );
    openHeatmap({ A: at('HB_HOUSTON'), from: '2026-11-22', to: '2026-11-28' });
    await screen.findByText('Not drawn yet: A (failed, as its panel says).', undefined, SLOW);
    expect(screen.queryByText(/Waiting for/)).not.toBeInTheDocument();
  });

  it('says how many hours have no value, and why when the registry knows', async () => {
    // ALVIN_RN's data ends on 2024-06-21, inside the range.
    openHeatmap({ A: at('ALVIN_RN'), from: '2024-06-20', to: '2024-06-22' });
    expect(await caption()).toMatch(/Colour from .* \(2nd–98th percentile; beyond is clipped\)\./);
    await within(screen.getByTestId('heatmap-missing')).findByText(/registry/, undefined, SLOW);
    expect(screen.getByTestId('heatmap-missing')).toHaveTextContent(
      '32 of 72 hours have no value (drawn blank); the registry last saw ALVIN_RN on 2024-06-21.',
    );
  });

  it('counts the hours not begun among those without a value', async () => {
    // The audit's week, read on its second day at noon: 37 hours have begun, and have values.
    openHeatmap({ A: at('HB_HOUSTON'), from: '2026-11-22', to: '2026-11-28' });
    await heatmap();
    expect(screen.getByTestId('heatmap-missing')).toHaveTextContent(
      '131 of 168 hours have no value (drawn blank), as none of them has begun yet.',
    );
  });

  it('says the autumn day’s 01:00 cell is the mean of both 01:00 hours, and reads out each', async () => {
    const { user } = openHeatmap({ A: at('HB_HOUSTON'), from: '2026-10-31', to: '2026-11-02' });
    const map = await heatmap();
    expect(screen.getByTestId('heatmap-dst')).toHaveTextContent(
      '2026-11-01 has 25 hours: its 01:00 cell is the mean of both 01:00 hours (CDT and CST).',
    );
    expect(screen.queryByTestId('heatmap-missing')).not.toBeInTheDocument();
    map.focus();
    // From 2026-10-31 00:00: one row down, one slot across.
    await user.keyboard('{ArrowRight}{ArrowLeft}{ArrowDown}{ArrowRight}');
    expect(screen.getByText(/^2026-11-01 01:00: /)).toHaveTextContent(
      '2026-11-01 01:00: 21.22 $/MWh, the mean of both 01:00 hours (CDT 22.08 $/MWh, CST 20.36 $/MWh)',
    );
  });

  it('says the spring day’s 02:00 cell is empty because that hour does not exist', async () => {
    const { user } = openHeatmap({ A: at('HB_HOUSTON'), from: '2026-03-08', to: '2026-03-08' });
    const map = await heatmap();
    expect(screen.getByTestId('heatmap-dst')).toHaveTextContent(
      '2026-03-08 has 23 hours: its 02:00 cell is empty, that hour does not exist.',
    );
    // Not counted as a missing value: the grid has no such hour.
    expect(screen.queryByTestId('heatmap-missing')).not.toBeInTheDocument();
    map.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByText(/^2026-03-08 02:00: /)).toHaveTextContent(
      '2026-03-08 02:00: no such time that day, the clocks skip it (daylight saving)',
    );
  });
});
