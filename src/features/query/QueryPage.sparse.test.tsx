// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { setupMockServer } from '@/test/mockServer';
import { renderApp } from '@/test/renderApp';

setupMockServer();

const GEN = '/datasets/ercot_sced_gen_resource_60_day/query';
const SCED = '/datasets/ercot_shadow_prices_sced/query';

describe('QueryPage over the wide and sparse datasets', () => {
  it('opens the 60-day disclosure with its defaults and shows its first page, not a refusal', async () => {
    renderApp(`${GEN}?v=1`);
    const table = await screen.findByRole('table', {}, { timeout: 10_000 });
    expect(within(table).getByRole('columnheader', { name: 'resource_name' })).toBeInTheDocument();
    expect(screen.queryByText(/Query too large/)).not.toBeInTheDocument();
    // Every non-time column to pick from, text ones included; text columns can also group a resample.
    const picker = screen.getByRole('group', { name: 'Columns to return' });
    expect(within(picker).getAllByRole('checkbox').length).toBeGreaterThanOrEqual(27);
    expect(within(picker).getByRole('checkbox', { name: 'resource_type' })).toBeInTheDocument();
    expect(within(picker).getByRole('checkbox', { name: 'telemetered_net_output' })).toBeInTheDocument();
  });

  it('filters constraints by name with `in`, without calling them unknown pricing locations', async () => {
    // NO_SUCH_CONSTRAINT is in no list: a builder that judged constraint names would call it unknown.
    const { queryClient } = renderApp(
      `${SCED}?v=1&fcol=constraint_name&fop=in&fval=WESTEX,ODEHV_MOSSW_1,HOUSTON_IMP,NO_SUCH_CONSTRAINT&range=custom&start=2025-07-01&end=2025-07-08&tz=UTC`,
    );
    const table = await screen.findByRole('table', {}, { timeout: 10_000 });
    const names = within(table)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(names.some((n) => n === 'ODEHV_MOSSW_1' || n === 'WESTEX' || n === 'HOUSTON_IMP')).toBe(true);
    // Every list the builder could judge names by has answered (or was never asked for): only now
    // does the absence of a verdict mean there is none.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    const filter = screen.getByRole('group', { name: 'Filter' });
    expect(within(filter).queryByText(/No location named/)).toBeNull();
    expect(within(filter).queryByText(/Did you mean/)).toBeNull();
    expect(screen.queryByText(/Location list unavailable/)).not.toBeInTheDocument();
    // Typed freely: a text box, not a picker of the names some list happens to hold.
    expect(within(filter).getByLabelText('Filter value').tagName).toBe('INPUT');
  });
});
