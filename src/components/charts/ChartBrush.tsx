import { useState, type KeyboardEvent, type PointerEvent } from 'react';
import styles from './chart.module.css';

export interface BrushWindow {
  /** First and last index shown, inclusive. */
  start: number;
  end: number;
}

interface Props {
  /** How many positions the bar spans (the chart's rows). */
  count: number;
  window: BrushWindow;
  onChange: (window: BrushWindow) => void;
  /** The bar's box in the chart's SVG coordinates. */
  left: number;
  width: number;
  top: number;
  height: number;
  /** The text of position `index` (a time): read out by the sliders and shown while in use. */
  label: (index: number) => string;
}

const HANDLE_WIDTH = 6;
/** PageUp/PageDown move a handle by a tenth of the range. */
const PAGE_FRACTION = 0.1;

type Drag = { kind: 'start' | 'end' } | { kind: 'window'; fromIndex: number; window: BrushWindow };

/**
 * The zoom bar under a chart: two handles (sliders, keyboard-operable) choose the first and last
 * row shown, and the window between them can be dragged along. Positions are row indexes, so a
 * handle always stops on a row.
 */
export function ChartBrush({ count, window, onChange, left, width, top, height, label }: Props) {
  const [drag, setDrag] = useState<Drag | null>(null);
  const [focused, setFocused] = useState(false);
  const last = Math.max(0, count - 1);
  const xOf = (index: number): number => left + (last === 0 ? 0 : (index / last) * width);
  /** The position under the pointer (the chart's SVG has no viewBox: its units are CSS px). */
  const indexAt = (event: PointerEvent<SVGElement>): number => {
    const svg = event.currentTarget.ownerSVGElement;
    if (svg === null || width <= 0) return 0;
    const x = event.clientX - svg.getBoundingClientRect().left;
    return Math.round(Math.min(1, Math.max(0, (x - left) / width)) * last);
  };
  // Handles never cross: at least one row apart when there are two.
  const gap = last > 0 ? 1 : 0;
  const moveStart = (index: number) =>
    onChange({ start: Math.max(0, Math.min(index, window.end - gap)), end: window.end });
  const moveEnd = (index: number) =>
    onChange({ start: window.start, end: Math.min(last, Math.max(index, window.start + gap)) });

  const onPointerDown = (kind: 'start' | 'end' | 'window') => (event: PointerEvent<SVGElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    setDrag(kind === 'window' ? { kind, fromIndex: indexAt(event), window } : { kind });
  };
  const onPointerMove = (event: PointerEvent<SVGElement>) => {
    if (drag === null) return;
    const index = indexAt(event);
    if (drag.kind === 'window') {
      const span = drag.window.end - drag.window.start;
      const start = Math.max(0, Math.min(last - span, drag.window.start + index - drag.fromIndex));
      onChange({ start, end: start + span });
    } else if (drag.kind === 'start') moveStart(index);
    else moveEnd(index);
  };
  const onKeyDown = (which: 'start' | 'end') => (event: KeyboardEvent<SVGElement>) => {
    const value = which === 'start' ? window.start : window.end;
    const page = Math.max(1, Math.round(last * PAGE_FRACTION));
    const next: Record<string, number> = {
      ArrowLeft: value - 1,
      ArrowDown: value - 1,
      ArrowRight: value + 1,
      ArrowUp: value + 1,
      PageDown: value - page,
      PageUp: value + page,
      Home: 0,
      End: last,
    };
    const to = next[event.key];
    if (to === undefined) return;
    event.preventDefault();
    if (which === 'start') moveStart(to);
    else moveEnd(to);
  };

  const x0 = xOf(window.start);
  const x1 = xOf(window.end);
  const active = drag !== null || focused;
  const handle = (which: 'start' | 'end', x: number, value: number) => (
    <g
      className={styles.brushHandle}
      role="slider"
      tabIndex={0}
      aria-label={which === 'start' ? 'Zoom start' : 'Zoom end'}
      aria-valuemin={0}
      aria-valuemax={last}
      aria-valuenow={value}
      aria-valuetext={label(value)}
      aria-orientation="horizontal"
      onKeyDown={onKeyDown(which)}
      onPointerDown={onPointerDown(which)}
      onPointerMove={onPointerMove}
      onPointerUp={() => setDrag(null)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
    >
      <rect x={x - HANDLE_WIDTH / 2} y={top} width={HANDLE_WIDTH} height={height} rx={1} />
    </g>
  );

  return (
    <g className={styles.brush}>
      <rect className={styles.brushBar} x={left} y={top} width={width} height={height} />
      <rect
        className={styles.brushWindow}
        x={x0}
        y={top}
        width={Math.max(0, x1 - x0)}
        height={height}
        onPointerDown={onPointerDown('window')}
        onPointerMove={onPointerMove}
        onPointerUp={() => setDrag(null)}
      />
      {handle('start', x0, window.start)}
      {handle('end', x1, window.end)}
      {active && (
        <text
          className={styles.brushLabel}
          x={left + width / 2}
          y={top + height / 2}
          textAnchor="middle"
          dominantBaseline="central"
          aria-hidden="true"
        >
          {label(window.start)} – {label(window.end)}
        </text>
      )}
    </g>
  );
}
