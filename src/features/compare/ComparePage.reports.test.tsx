// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { DATASET_IDS } from '@/contract';
import { buses } from '@/mock/data/buses';
import { setupMockServer } from '@/test/mockServer';
import { renderApp } from '@/test/renderApp';
import { compareHref, dataSeries } from '@/compare/compareWorkspace';

setupMockServer();

const SLOW = { timeout: 15_000 };
const RANGE = { from: '2025-07-12', to: '2025-07-14' };
const SOLAR = DATASET_IDS.solarActualAndForecast;
const BUS = DATASET_IDS.lmpByBus;

async function statsRow(label: RegExp): Promise<string[]> {
  const table = await screen.findByRole('table', { name: 'Statistics of each series over the range' }, SLOW);
  const row = await within(table).findByRole('row', { name: label }, SLOW);
  return within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);
}

/** The names the location box of `key` suggests (its datalist). */
function suggestions(key: string): string[] {
  const field = screen.getByLabelText(`Location of ${key}`);
  const list = document.getElementById(field.getAttribute('list') ?? '');
  return [...(list?.querySelectorAll('option') ?? [])].map((o) => o.getAttribute('value') ?? '');
}

/**
 * Compare over the catalog's report and bus shapes: a solar forecast against its actual from the
 * same report (one dataset, two columns, a vintage for one of them), and a bus beside its hub.
 */
describe('Compare over forecast reports and buses', () => {
  it('scores the solar forecast known 24 hours ahead against the actual of the same report', async () => {
    renderApp(
      compareHref({
        ...RANGE,
        A: dataSeries('A', SOLAR, 'gen_system_wide'),
        B: dataSeries('B', SOLAR, 'stppf_system_wide', { lead: 24 }),
        view: 'forecast',
        lead: 24,
      }),
    );
    const summary = await screen.findByText(
      /^Forecast published at least 24 h ahead, over 72 hours: MAE/,
      {},
      SLOW,
    );
    expect(summary).toHaveTextContent(/MAPE/);
    // Every hour of the three days on both sides: the actual of past hours is filled in the newest vintage.
    expect((await statsRow(/^A: /))[0]).toBe('72');
    expect((await statsRow(/^B: /))[0]).toBe('72');
    const row = screen.getByRole('listitem', { name: 'Series B' });
    expect(within(row).getByLabelText('Forecast of B')).toHaveValue('24');
    // No location box for a system-wide report.
    expect(within(row).queryByLabelText('Location of B')).toBeNull();
  });

  it('draws a bus beside its hub and suggests the bus names of the dataset, not the registry’s', async () => {
    renderApp(
      compareHref({
        ...RANGE,
        A: dataSeries('A', BUS, 'lmp', { filterColumn: 'location', filterValue: 'ABILENE_3' }),
        B: dataSeries('B', 'ercot_lmp_by_settlement_point', 'lmp', {
          filterColumn: 'location',
          filterValue: 'HB_WEST',
        }),
        C: { kind: 'expr', key: 'C', expr: 'A - B' },
      }),
    );
    // Five-minute SCED prices on the 5-minute grid of both: 3 days of 288.
    expect((await statsRow(/^A: /))[0]).toBe('864');
    expect((await statsRow(/^C = A - B/))[0]).toBe('864');
    await waitFor(() => expect(suggestions('A')).toContain('ALICE_8'), SLOW);
    expect(suggestions('A')).toHaveLength(buses().length);
    expect(suggestions('A')).not.toContain('HB_HOUSTON');
    // The settlement-point series keeps the registry's names.
    expect(suggestions('B')).toContain('HB_HOUSTON');
    expect(suggestions('B')).not.toContain('ALICE_8');
  });

  it('names a mistyped bus as it is typed, with the nearest buses', async () => {
    const { user } = renderApp(
      compareHref({
        ...RANGE,
        A: dataSeries('A', BUS, 'lmp', { filterColumn: 'location', filterValue: 'ABILENE_3' }),
      }),
    );
    expect((await statsRow(/^A: /))[0]).toBe('864');
    const field = screen.getByLabelText('Location of A');
    await user.clear(field);
    await user.type(field, 'ABILENE_4');
    const row = screen.getByRole('listitem', { name: 'Series A' });
    expect(
      await within(row).findByText(/No location named “ABILENE_4”\. Did you mean/, {}, SLOW),
    ).toBeInTheDocument();
    // The nearest names are buses, not the settlement point ABILENE_ALL.
    expect(within(row).queryByRole('button', { name: 'Use ABILENE_ALL instead of ABILENE_4' })).toBeNull();
    expect(
      within(row).getByRole('button', { name: 'Use ABILENE_3 instead of ABILENE_4' }),
    ).toBeInTheDocument();
  });
});
