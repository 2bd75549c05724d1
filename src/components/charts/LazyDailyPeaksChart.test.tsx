// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { LazyDailyPeaksChart } from './LazyDailyPeaksChart';

const data = [
  { date: '2025-07-12', value: 78000 },
  { date: '2025-07-13', value: 80500.25 },
  { date: '2025-07-14', value: 79000 },
];

describe('LazyDailyPeaksChart', () => {
  it('draws one point per day and picks the day of the point clicked', async () => {
    const picked: string[] = [];
    const { container } = render(
      <LazyDailyPeaksChart
        title="Daily peaks"
        valueLabel="Peak load"
        data={data}
        selectedDate="2025-07-13"
        onSelectDate={(date) => picked.push(date)}
      />,
    );
    expect(screen.getByText('Loading chart…')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Daily peaks' })).toBeInTheDocument();
    await waitFor(() => expect(container.querySelectorAll('[data-date]')).toHaveLength(3));

    fireEvent.click(container.querySelector('[data-date="2025-07-14"]') as Element);
    expect(picked).toEqual(['2025-07-14']);
    // The open day is drawn larger than the others.
    const radius = (date: string) =>
      container.querySelector(`[data-date="${date}"] circle:last-child`)?.getAttribute('r');
    expect(radius('2025-07-13')).toBe('6');
    expect(radius('2025-07-12')).toBe('3.5');
  });
});
