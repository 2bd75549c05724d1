// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { setupMockServer } from '@/test/mockServer';
import { renderApp } from '@/test/renderApp';
import { compareHref, dataSeries } from '@/compare/compareWorkspace';
import { readActiveView, resetActiveViewsForTests } from '@/workspace/activeView';

setupMockServer();

const SLOW = { timeout: 10_000 };
const HOUSTON = { filterColumn: 'location', filterValue: 'HB_HOUSTON' };
const DART = compareHref({
  from: '2025-07-08',
  to: '2025-07-14',
  A: dataSeries('A', 'ercot_spp_day_ahead_hourly', 'spp', HOUSTON),
  B: dataSeries('B', 'ercot_spp_real_time_15_min', 'spp', HOUSTON),
});

beforeEach(() => resetActiveViewsForTests());

describe('Compare page notes', () => {
  it('a note added beneath the chart is drawn on it, at its time in the workspace zone', async () => {
    const { user } = renderApp(DART);
    const chart = await screen.findByRole('figure', { name: /^Chart of/ }, SLOW);
    await waitFor(() => expect(chart).toHaveAttribute('data-drawn'), SLOW);
    expect(within(chart).queryByRole('button', { name: /^Note/ })).toBeNull();

    await user.click(screen.getByText('Notes (0)'));
    const form = screen.getByRole('form', { name: 'Add a note' });
    await user.type(within(form).getByLabelText('At'), '2025-07-10 12:00');
    await user.type(within(form).getByLabelText('Note'), 'Heat advisory <b>issued</b>');
    await user.click(within(form).getByRole('button', { name: 'Add note' }));

    const marker = await within(chart).findByRole('button', {
      name: 'Note 1, 2025-07-10 12:00 CDT: Heat advisory <b>issued</b>',
    });
    expect(marker).toHaveTextContent('1');
    expect(chart.querySelector('b')).toBeNull();
    expect(readActiveView('compare').annotations).toMatchObject([{ start: '2025-07-10T17:00:00Z' }]);
  });

  it('turns the found events into range notes in one step, and not twice', async () => {
    const { user } = renderApp(`${DART}&when=${encodeURIComponent('B > A + 20')}`);
    const events = await screen.findByRole('table', { name: /^Events where B > A \+ 20/ }, SLOW);
    const count = within(events).getAllByRole('row').length - 1;
    expect(count).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: 'Add events as notes' }));
    expect(
      screen.getByText(new RegExp(`^Added ${count} events? as notes\\. They are listed under Notes`)),
    ).toBeInTheDocument();
    const notes = readActiveView('compare').annotations;
    expect(notes).toHaveLength(count);
    expect(notes[0]?.text).toMatch(/^B above A \+ 20 \$\/MWh, peak [\d,.]+ at 2025-07-\d\d \d\d:\d\d CDT$/);
    expect(notes.every((n) => n.end !== null)).toBe(true);
    expect(screen.getByText(`Notes (${count})`)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add events as notes' }));
    expect(screen.getByText(`All ${count} events are already notes.`)).toBeInTheDocument();
    expect(readActiveView('compare').annotations).toHaveLength(count);

    const chart = screen.getByRole('figure', { name: /^Chart of/ });
    expect(within(chart).getAllByRole('button', { name: /^Note \d+, .* to .*: B above A/ })).toHaveLength(
      count,
    );
  });
});
