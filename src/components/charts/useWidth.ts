import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

/**
 * The width in px of the element given the ref, kept up to date as the page resizes; null until
 * it is measured. Measured in a layout effect, whose re-render React finishes before the browser
 * paints: a chart that draws nothing while the width is null is first painted at the container's
 * real width, never at a guess that then jumps (a 390 px phone). Where nothing is laid out (a test),
 * `fallback` stands in.
 */
export function useWidth<E extends HTMLElement>(fallback: number): [number | null, RefObject<E | null>] {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (element === null) return;
    const measure = () => {
      const w = element.clientWidth;
      setWidth((current) => (w > 0 ? w : (current ?? fallback)));
    };
    measure();
    if (typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [fallback]);
  return [width, ref];
}
