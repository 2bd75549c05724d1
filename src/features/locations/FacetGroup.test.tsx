// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FacetGroup } from './FacetGroup';

const COUNTS = { LZ_HOUSTON: 85, LZ_WEST: 158 };

describe('FacetGroup', () => {
  it('ticks at once while the URL catches up, and builds the next tick on the first', async () => {
    const user = userEvent.setup();
    const changes: string[][] = [];
    // The parent has not re-rendered yet: `selected` is still empty, as while a navigation is pending.
    render(
      <FacetGroup legend="Zone" counts={COUNTS} selected={[]} onChange={(next) => changes.push(next)} />,
    );
    await user.click(screen.getByRole('checkbox', { name: 'LZ_HOUSTON (85)' }));
    expect(screen.getByRole('checkbox', { name: 'LZ_HOUSTON (85)' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'LZ_WEST (158)' }));
    expect(changes).toEqual([['LZ_HOUSTON'], ['LZ_HOUSTON', 'LZ_WEST']]);
  });

  it('follows the selection it is given once that changes', async () => {
    const user = userEvent.setup();
    const { rerender } = render(
      <FacetGroup legend="Zone" counts={COUNTS} selected={[]} onChange={() => {}} />,
    );
    await user.click(screen.getByRole('checkbox', { name: 'LZ_HOUSTON (85)' }));
    // The URL settled on something else (say, "Clear filters" won the race).
    rerender(<FacetGroup legend="Zone" counts={COUNTS} selected={['LZ_WEST']} onChange={() => {}} />);
    expect(screen.getByRole('checkbox', { name: 'LZ_HOUSTON (85)' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'LZ_WEST (158)' })).toBeChecked();
  });

  it('keeps a selected value with no matches left, at 0, so it can be unticked', () => {
    render(<FacetGroup legend="Zone" counts={COUNTS} selected={['LZ_AEN']} onChange={() => {}} />);
    expect(screen.getByRole('checkbox', { name: 'LZ_AEN (0)' })).toBeChecked();
  });
});
