// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { useDrawnCounts } from './useDrawnCounts';

describe('useDrawnCounts', () => {
  it('starts with nothing drawn', () => {
    const { result } = renderHook(() => useDrawnCounts());
    expect(result.current[0]).toEqual({ locations: 0, clusters: 0, clustered: 0, singles: 0 });
  });

  it('keeps the same counts object when a recolouring reports what is already drawn', () => {
    const { result } = renderHook(() => useDrawnCounts());
    act(() => result.current[1]({ locations: 5, clusters: 1, clustered: 3, singles: 2 }));
    const counts = result.current[0];
    expect(counts.locations).toBe(5);
    act(() => result.current[1]({ locations: 5, clusters: 1, clustered: 3, singles: 2 }));
    expect(result.current[0]).toBe(counts);
    act(() => result.current[1]({ locations: 6, clusters: 1, clustered: 3, singles: 3 }));
    expect(result.current[0]).not.toBe(counts);
  });
});
