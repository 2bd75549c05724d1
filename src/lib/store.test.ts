// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createExternalStore, createValueStore } from './store';

describe('createValueStore', () => {
  it('re-renders its readers on every set and stops telling those that left', () => {
    const store = createValueStore(1);
    const { result, unmount } = renderHook(() => store.useValue());
    expect(result.current).toBe(1);
    act(() => store.set(2));
    expect(result.current).toBe(2);
    unmount();
    let told = 0;
    const stop = store.subscribe(() => told++);
    store.set(3);
    stop();
    store.set(4);
    expect(told).toBe(1);
    expect(store.read()).toBe(4);
  });
});

describe('createExternalStore', () => {
  it('hears the extra source it watches, and lets go of it when the last reader leaves', () => {
    let value = 'a';
    let external: (() => void) | null = null;
    const store = createExternalStore(
      () => value,
      (notify) => {
        external = notify;
        return () => {
          external = null;
        };
      },
    );
    const { result, unmount } = renderHook(() => store.useValue());
    value = 'b';
    act(() => external?.());
    expect(result.current).toBe('b');
    unmount();
    expect(external).toBeNull();
  });
});
