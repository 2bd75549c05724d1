// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { compareHref, dataSeries } from '@/compare/compareWorkspace';
import { serverError } from '@/test/faults';
import { setupMockServer } from '@/test/mockServer';
import { renderApp } from '@/test/renderApp';

const { server } = setupMockServer();

const SLOW = { timeout: 10_000 };
const RANGE = { from: '2025-07-08', to: '2025-07-14' };

describe('Compare series that cannot load', () => {
  it('a series whose dataset does not exist says so beside it, with the nearest datasets and no Retry', async () => {
    const { user } = renderApp(
      compareHref({
        ...RANGE,
        A: dataSeries('A', 'ercot_lod', 'load'),
        B: dataSeries('B', 'ercot_load', 'load'),
      }),
    );
    const row = await screen.findByRole('listitem', { name: 'Series A' }, SLOW);
    const status = await within(row).findByRole('alert', {}, SLOW);
    // The nearest first.
    expect(status).toHaveTextContent(/^No dataset named “ercot_lod”\. Did you mean ercot_load,/);
    expect(within(row).queryByRole('button', { name: 'Retry A' })).toBeNull();
    expect(within(status).getByRole('link', { name: 'The catalog' })).toHaveAttribute('href', '/');
    expect(within(row).getByLabelText('Dataset of A')).toHaveAttribute('aria-invalid', 'true');

    // One click puts the nearest dataset in its place, and the series loads.
    await user.click(within(status).getByRole('button', { name: 'Use ercot_load instead of ercot_lod' }));
    await waitFor(() => expect(within(row).getByLabelText('Dataset of A')).toHaveValue('ercot_load'));
    await waitFor(() => expect(within(row).queryByRole('alert')).toBeNull(), SLOW);
  });

  it('a series whose request failed on the server offers Retry, which loads it', async () => {
    server.use(
      serverError('*/v1/datasets/ercot_load/query', 'Query engine restarting.', { once: true }).handler,
    );
    const { user } = renderApp(compareHref({ ...RANGE, A: dataSeries('A', 'ercot_load', 'load') }));
    const row = await screen.findByRole('listitem', { name: 'Series A' }, SLOW);
    const status = await within(row).findByRole('alert', {}, SLOW);
    expect(status).toHaveTextContent('Query engine restarting.');
    await user.click(within(status).getByRole('button', { name: 'Retry A' }));
    await waitFor(() => expect(within(row).queryByRole('alert')).toBeNull(), SLOW);
  });

  it('a series the server refuses (a 4xx) offers no Retry', async () => {
    server.use(
      http.get('*/v1/datasets/ercot_load/query', () =>
        HttpResponse.json({ detail: 'resample_frequency is not valid.' }, { status: 400 }),
      ),
    );
    renderApp(compareHref({ ...RANGE, A: dataSeries('A', 'ercot_load', 'load') }));
    const row = await screen.findByRole('listitem', { name: 'Series A' }, SLOW);
    const status = await within(row).findByRole('alert', {}, SLOW);
    expect(status).toHaveTextContent('resample_frequency is not valid.');
    expect(within(row).queryByRole('button', { name: 'Retry A' })).toBeNull();
  });

  it('a suggestion taken while a name is typed puts the known name in the box (the click does not first apply the typed one)', async () => {
    const { user } = renderApp(
      compareHref({
        ...RANGE,
        A: dataSeries('A', 'ercot_spp_real_time_15_min', 'spp', {
          filterColumn: 'location',
          filterValue: 'HB_NORTH',
        }),
      }),
    );
    const row = await screen.findByRole('listitem', { name: 'Series A' }, SLOW);
    const box = within(row).getByLabelText('Location of A');
    await user.clear(box);
    await user.type(box, 'HB_NORHT');
    // Leaving the box for its own suggestion must not apply the typed name, which would redraw the check.
    await user.click(
      await within(row).findByRole('button', { name: 'Use HB_NORTH instead of HB_NORHT' }, SLOW),
    );
    await waitFor(() => expect(within(row).getByLabelText('Location of A')).toHaveValue('HB_NORTH'), SLOW);
    expect(within(row).queryByText(/No location named/)).toBeNull();
  });
});
