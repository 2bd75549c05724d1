// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { neverAnswers } from '@/test/faults';
import { setupMockServer } from '@/test/mockServer';
import { renderApp } from '@/test/renderApp';

const { server } = setupMockServer();

const URL =
  '/datasets/ercot_spp_real_time_15_min/query?v=1&fcol=location&fval=HB_NORTH&range=custom&start=2025-07-14&end=2025-07-15&tz=UTC';
const QUERY = '*/v1/datasets/:id/query';
const SLOW = { timeout: 8000 };

describe('The results chart with a server that stops answering', () => {
  it('a cancelled wait for the chart ends: it says so and offers to load it again', async () => {
    const { user } = renderApp(URL);
    await screen.findByText('96 rows loaded · all rows loaded', {}, SLOW);
    // The table's rows are in; the chart asks for its own columns, and the server stops answering.
    const never = neverAnswers(QUERY, { once: true });
    server.use(never.handler);
    await user.click(screen.getByRole('tab', { name: 'Chart' }));
    const panel = within(screen.getByRole('tabpanel'));
    expect(await panel.findByText(/^Waiting for the server… \d+ s$/, {}, SLOW)).toBeInTheDocument();

    await user.click(panel.getByRole('button', { name: 'Cancel' }));
    await never.whenAborted();
    // No spinner goes on counting a request that no longer exists.
    expect(await panel.findByText('Request cancelled.')).toBeInTheDocument();
    expect(panel.queryByText(/Waiting for the server/)).toBeNull();

    await user.click(panel.getByRole('button', { name: 'Load again' }));
    expect(await panel.findByRole('figure', { name: /over time/ }, SLOW)).toBeInTheDocument();
  });
});
