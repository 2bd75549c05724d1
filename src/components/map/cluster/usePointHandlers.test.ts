// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { usePointHandlers } from './usePointHandlers';

describe('usePointHandlers', () => {
  it('keeps one handler object per point across renders', () => {
    const { result, rerender } = renderHook(({ onSelect }) => usePointHandlers(onSelect, undefined), {
      initialProps: { onSelect: (_id: string) => undefined },
    });
    const first = result.current('a');
    rerender({ onSelect: (_id: string) => undefined });
    expect(result.current('a')).toBe(first);
    expect(result.current('b')).not.toBe(first);
  });

  it('calls the latest callbacks, not the ones of the render that made the handlers', () => {
    const calls: string[] = [];
    const { result, rerender } = renderHook(({ onSelect, onHover }) => usePointHandlers(onSelect, onHover), {
      initialProps: {
        onSelect: (id: string) => void calls.push(`old select ${id}`),
        onHover: (id: string | null) => void calls.push(`old hover ${id ?? 'none'}`),
      },
    });
    const handlers = result.current('a');
    rerender({
      onSelect: (id: string) => void calls.push(`select ${id}`),
      onHover: (id: string | null) => void calls.push(`hover ${id ?? 'none'}`),
    });
    handlers.mouseover();
    handlers.click();
    handlers.mouseout();
    expect(calls).toEqual(['hover a', 'select a', 'hover none']);
  });
});
