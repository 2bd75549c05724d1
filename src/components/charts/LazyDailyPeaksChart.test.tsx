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

describe('LazyDailyPeaksChart with a day not over', () => {
  it('draws that day hollow on a dashed line and names what its value covers', async () => {
    const partial = 'the day so far, through 15:05 CDT';
    render(
      <LazyDailyPeaksChart
        title="Daily peaks."
        valueLabel="Peak load"
        data={[...data, { date: '2025-07-15', value: 76000, partial }]}
        onSelectDate={() => {}}
      />,
    );
    const chart = await screen.findByRole('img', { name: `Daily peaks. 2025-07-15: ${partial}.` });
    await waitFor(() => expect(chart.querySelectorAll('[data-date]')).toHaveLength(4));
    const dot = (date: string) => chart.querySelector(`[data-date="${date}"] circle:last-child`);
    // Hollow: filled with the background, where a whole day's point is filled with the line's colour.
    expect(dot('2025-07-15')?.getAttribute('fill')).not.toBe(dot('2025-07-14')?.getAttribute('fill'));
    expect(dot('2025-07-15')?.getAttribute('fill')).toBe(dot('2025-07-14')?.getAttribute('stroke'));
    const [solid, dashed] = [...chart.querySelectorAll('path[aria-hidden="true"]')];
    // Whole days are joined by the solid line (two segments), the day not over by a dashed one.
    expect(solid?.getAttribute('d')?.match(/L/g)).toHaveLength(2);
    expect(dashed?.getAttribute('d')?.match(/L/g)).toHaveLength(1);
    expect(dashed).toHaveAttribute('stroke-dasharray');
  });
});
