// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import { LazyBarChart } from './LazyBarChart';

describe('LazyBarChart', () => {
  it('loads the chart on demand and draws one bar per datum', async () => {
    const { container } = render(
      <LazyBarChart
        title="Datapoints per day"
        valueLabel="Datapoints"
        data={[
          { label: '2025-07-12', value: 288 },
          { label: '2025-07-13', value: 288 },
          { label: '2025-07-14', value: 276 },
        ]}
      />,
    );
    expect(screen.getByText('Loading chart…')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Datapoints per day' })).toBeInTheDocument();
    await waitFor(() => expect(container.querySelectorAll('[data-bar]')).toHaveLength(3));
  });
});
