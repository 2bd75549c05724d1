// @vitest-environment jsdom
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MAX_ANNOTATION_TEXT } from '@/lib/annotations';
import { readActiveView, resetActiveViewsForTests, updateActiveView } from '@/workspace/activeView';
import { AnnotationsPanel } from './AnnotationsPanel';

const range = { from: Date.parse('2025-07-14T00:00:00Z'), to: Date.parse('2025-07-15T00:00:00Z') };

async function openPanel() {
  const user = userEvent.setup();
  render(<AnnotationsPanel kind="query" timeZone="UTC" range={range} />);
  await user.click(screen.getByText(/^Notes \(/));
  return { user, form: screen.getByRole('form', { name: 'Add a note' }) };
}

beforeEach(() => {
  sessionStorage.clear();
  act(() => resetActiveViewsForTests());
});

describe('AnnotationsPanel', () => {
  it('adds a note at an instant and a note over a range, in the view the page has open', async () => {
    const { user, form } = await openPanel();
    await user.type(within(form).getByLabelText('At'), '2025-07-14 06:00');
    await user.type(within(form).getByLabelText('Note'), 'Unit trip');
    await user.click(within(form).getByRole('button', { name: 'Add note' }));
    expect(readActiveView('query').annotations).toMatchObject([
      { start: '2025-07-14T06:00:00Z', end: null, text: 'Unit trip' },
    ]);

    await user.click(within(form).getByLabelText('A time range'));
    await user.type(within(form).getByLabelText('From'), '2025-07-13 20:00');
    await user.type(within(form).getByLabelText('To'), '2025-07-13 22:30');
    await user.type(within(form).getByLabelText('Note'), 'Cold front');
    await user.click(within(form).getByRole('button', { name: 'Add note' }));

    expect(screen.getByText('Notes (2)')).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Notes' })).getAllByRole('listitem');
    // By time: the range (the day before the chart) first, said to be outside it.
    expect(items[0]).toHaveTextContent(
      '1 2025-07-13 20:00 UTC – 2025-07-13 22:30 UTC (outside the chart’s range)Cold front',
    );
    expect(items[1]).toHaveTextContent('2 2025-07-14 06:00 UTCUnit trip');
    expect(items[1]).not.toHaveTextContent('outside');
    expect(readActiveView('query').annotations[1]).toMatchObject({
      start: '2025-07-13T20:00:00Z',
      end: '2025-07-13T22:30:00Z',
    });
  });

  it('says beside each field what is wrong, and adds nothing', async () => {
    const { user, form } = await openPanel();
    await user.click(within(form).getByRole('button', { name: 'Add note' }));
    expect(within(form).getByLabelText('At')).toHaveAccessibleDescription(
      'Enter a time, like 2026-11-18 06:00.',
    );
    expect(within(form).getByLabelText('At')).toHaveFocus();
    expect(within(form).getByLabelText('Note')).toHaveAccessibleDescription(
      expect.stringContaining('Write what the note says.'),
    );

    await user.click(within(form).getByLabelText('A time range'));
    await user.type(within(form).getByLabelText('From'), '2025-07-14 09:00');
    await user.type(within(form).getByLabelText('To'), '2025-07-14 08:00');
    await user.click(within(form).getByRole('button', { name: 'Add note' }));
    expect(within(form).getByLabelText('To')).toHaveAccessibleDescription('The end must be after the start.');

    await user.clear(within(form).getByLabelText('From'));
    await user.type(within(form).getByLabelText('From'), '2025-02-30 09:00');
    const text = within(form).getByLabelText('Note');
    fireEvent.change(text, { target: { value: 'x'.repeat(MAX_ANNOTATION_TEXT + 1) } });
    expect(screen.getByText(`501 of ${MAX_ANNOTATION_TEXT} characters`)).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Add note' }));
    expect(within(form).getByLabelText('From')).toHaveAccessibleDescription(
      '“2025-02-30 09:00” is not a date and time: write it like 2026-11-18 06:00.',
    );
    expect(text).toHaveAccessibleDescription(
      expect.stringContaining('at most 500 characters; this one has 501'),
    );
    expect(readActiveView('query').annotations).toEqual([]);
  });

  it('edits a note, and deletes one with Undo', async () => {
    act(() =>
      updateActiveView('query', {
        annotations: [{ id: 'n1', start: '2025-07-14T06:00:00Z', end: null, text: 'Unit trip' }],
      }),
    );
    const { user } = await openPanel();
    await user.click(screen.getByRole('button', { name: 'Edit note 1' }));
    const edit = screen.getByRole('form', { name: 'Edit note 1' });
    expect(within(edit).getByLabelText('At')).toHaveValue('2025-07-14 06:00');
    await user.clear(within(edit).getByLabelText('Note'));
    await user.type(within(edit).getByLabelText('Note'), 'Unit trip at a coal plant');
    await user.click(within(edit).getByRole('button', { name: 'Save note' }));
    expect(readActiveView('query').annotations).toEqual([
      { id: 'n1', start: '2025-07-14T06:00:00Z', end: null, text: 'Unit trip at a coal plant' },
    ]);

    await user.click(screen.getByRole('button', { name: 'Delete note 1' }));
    expect(readActiveView('query').annotations).toEqual([]);
    expect(screen.getByText('Notes (0)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(readActiveView('query').annotations).toMatchObject([
      { id: 'n1', text: 'Unit trip at a coal plant' },
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('Note restored.');
  });

  it('reads typed times in the page zone: market time is US/Central', async () => {
    const user = userEvent.setup();
    render(<AnnotationsPanel kind="dailyPeak" timeZone="market" />);
    const form = screen.getByRole('form', { name: 'Add a note' });
    await user.type(within(form).getByLabelText('At'), '2025-07-14 17:35');
    await user.type(within(form).getByLabelText('Note'), 'Peak');
    await user.click(within(form).getByRole('button', { name: 'Add note' }));
    expect(readActiveView('dailyPeak').annotations).toMatchObject([{ start: '2025-07-14T22:35:00Z' }]);
    expect(screen.getByRole('listitem')).toHaveTextContent('2025-07-14 17:35 CDT');
  });
});
