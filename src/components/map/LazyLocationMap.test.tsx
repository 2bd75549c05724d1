// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LazyLocationMap } from './LazyLocationMap';

// Leaflet needs a real layout; what is tested here is when the map is mounted, not the map.
vi.mock('./LocationMap', () => ({ LocationMap: ({ label }: { label: string }) => <p>{label}</p> }));

/** A ResizeObserver whose report the test sends, as the browser does once it has laid the page out. */
function observeByHand() {
  const reports: Array<() => void> = [];
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(callback: ResizeObserverCallback) {
        reports.push(() => callback([], this));
      }
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    },
  );
  return () => act(() => reports.forEach((report) => report()));
}

const sized = (width: number, height: number) =>
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, width, height));

const MAP = { label: 'Map of pricing locations', points: [], view: { lat: 31, lon: -99, zoom: 6 } };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('LazyLocationMap', () => {
  it('mounts the map once the browser reports the laid-out box, without measuring it as the page renders', async () => {
    const report = observeByHand();
    const measure = sized(600, 400);
    render(<LazyLocationMap {...MAP} />);
    // Measuring in the render's effect forced the page's layout before its first paint, and the map
    // was then built in the same task: the page's data painted only after Leaflet had started.
    expect(screen.getByText('The map appears here.')).toBeInTheDocument();
    expect(measure).not.toHaveBeenCalled();
    report();
    expect(await screen.findByText('Map of pricing locations')).toBeInTheDocument();
  });

  it('keeps the placeholder while the box has no area (a collapsed panel)', () => {
    const report = observeByHand();
    sized(0, 0);
    render(<LazyLocationMap {...MAP} />);
    report();
    expect(screen.getByText('The map appears here.')).toBeInTheDocument();
    expect(screen.queryByText('Map of pricing locations')).toBeNull();
  });
});
