// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { compareHref, dataSeries } from '@/compare/compareWorkspace';
import { DATASET_IDS } from '@/contract';
import { setupMockServer } from '@/test/mockServer';
import { renderApp } from '@/test/renderApp';

setupMockServer();

const SLOW = { timeout: 10_000 };

/**
 * Compare over text-keyed rows (binding constraints, generation resources): many rows per
 * interval, told apart by a name, so a series is one numeric column of the rows of one name.
 */
describe('Compare over datasets keyed by a text column', () => {
  it('offers only numeric columns and filters shadow prices by constraint name, not as a location', async () => {
    const { user, router } = renderApp(
      compareHref({
        from: '2025-07-01',
        to: '2025-07-07',
        A: dataSeries('A', DATASET_IDS.shadowPricesSced, 'shadow_price'),
      }),
    );
    const row = await screen.findByRole('listitem', { name: 'Series A' }, SLOW);
    // The row is drawn before the catalog answers; its filter field and columns come with the dataset.
    const name = await within(row).findByLabelText('Constraint name of A', undefined, SLOW);
    const column = within(row).getByLabelText('Column of A');
    const offered = within(column)
      .getAllByRole('option')
      .map((o) => o.getAttribute('value'));
    expect(offered).toContain('shadow_price');
    // Names and stations are text: never offered as a value to draw.
    expect(offered).not.toContain('constraint_name');
    expect(offered).not.toContain('from_station');

    await user.type(name, 'WESTEX{Enter}');
    await waitFor(() => expect(router.state.location.search).toContain('constraint_name%3DWESTEX'));
    expect(within(row).getByLabelText('Constraint name of A')).toHaveValue('WESTEX');
    // Not judged against the pricing-location registry.
    expect(within(row).queryByText(/No location named/)).toBeNull();
    expect(within(row).getByLabelText('Constraint name of A')).not.toHaveAttribute('aria-invalid');
  });

  it('shows the shadow price of a dataset of binding constraints when it is picked for a series', async () => {
    const { user, router } = renderApp(
      compareHref({
        from: '2025-07-01',
        to: '2025-07-02',
        A: {
          ...dataSeries('A', DATASET_IDS.realTimeSpp, 'spp'),
          filterColumn: 'location',
          filterValue: 'HB_HOUSTON',
        },
      }),
    );
    const row = await screen.findByRole('listitem', { name: 'Series A' }, SLOW);
    await user.selectOptions(within(row).getByLabelText('Dataset of A'), DATASET_IDS.shadowPricesDam);
    // Not the constraint's limit, its first number column: the value an analyst compares constraints by.
    await waitFor(() => expect(within(row).getByLabelText('Column of A')).toHaveValue('shadow_price'), SLOW);
    expect(router.state.location.search).toContain(DATASET_IDS.shadowPricesDam);
    expect(within(row).getByLabelText('Constraint name of A')).toHaveValue('');
  });

  it('filters the disclosure table by resource type, from a link, and keeps that column when edited', async () => {
    const { user, router } = renderApp(
      compareHref({
        from: '2025-04-01',
        to: '2025-04-02',
        A: {
          ...dataSeries('A', DATASET_IDS.scedGenResource60Day, 'base_point'),
          filterColumn: 'resource_type',
          filterValue: 'WIND',
        },
      }),
    );
    const row = await screen.findByRole('listitem', { name: 'Series A' }, SLOW);
    const field = within(row).getByLabelText('Resource type of A');
    expect(field).toHaveValue('WIND');
    await user.clear(field);
    await user.type(field, 'PVGR{Enter}');
    await waitFor(() => expect(router.state.location.search).toContain('resource_type%3DPVGR'));
    expect(router.state.location.search).not.toContain('location%3D');
  });
});
