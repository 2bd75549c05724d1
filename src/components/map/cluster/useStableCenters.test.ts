// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { useStableCenters } from './useStableCenters';

describe('useStableCenters', () => {
  it('hands back the same array while a marker stays put, so react-leaflet does not move it', () => {
    const { result, rerender } = renderHook(() => useStableCenters());
    const first = result.current('a', 30, -95);
    rerender();
    expect(result.current('a', 30, -95)).toBe(first);
  });

  it('gives a new array when the marker moves, and keeps markers apart by key', () => {
    const { result } = renderHook(() => useStableCenters());
    const first = result.current('a', 30, -95);
    const moved = result.current('a', 31, -95);
    expect(moved).not.toBe(first);
    expect(moved).toEqual([31, -95]);
    expect(result.current('b', 31, -95)).not.toBe(moved);
  });
});
