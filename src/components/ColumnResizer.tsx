import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import styles from './VirtualTable.module.css';

const MIN_COLUMN_PX = 48;
const MAX_COLUMN_PX = 1200;
/** One arrow key press. */
const KEY_STEP_PX = 16;

const clamp = (px: number): number => Math.round(Math.min(MAX_COLUMN_PX, Math.max(MIN_COLUMN_PX, px)));

interface Props {
  /** The column's header text, for the handle's name. */
  label: string;
  /** The column's width in px as shown (for assistive technology). */
  width: number;
  onResize: (px: number) => void;
  /** Back to the width estimated from the data. */
  onReset: () => void;
}

/**
 * The handle on a header cell's right edge: drag it, or focus it and press ← / →, to set the
 * column's width; double-click it or press Escape for the estimated width again.
 */
export function ColumnResizer({ label, width, onResize, onReset }: Props) {
  const ref = useRef<HTMLSpanElement>(null);
  // The header cell's box; the given width while it is not laid out (a hidden tab, a test).
  const shownWidth = () => ref.current?.parentElement?.getBoundingClientRect().width || width;

  const onPointerDown = (event: PointerEvent<HTMLSpanElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    const handle = event.currentTarget;
    const startX = event.clientX;
    const startWidth = shownWidth();
    handle.setPointerCapture(event.pointerId);
    const move = (e: globalThis.PointerEvent) => onResize(clamp(startWidth + e.clientX - startX));
    const stop = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', stop);
      handle.removeEventListener('pointercancel', stop);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', stop);
    handle.addEventListener('pointercancel', stop);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLSpanElement>) => {
    if (event.key === 'ArrowRight') onResize(clamp(shownWidth() + KEY_STEP_PX));
    else if (event.key === 'ArrowLeft') onResize(clamp(shownWidth() - KEY_STEP_PX));
    else if (event.key === 'Escape') onReset();
    else return;
    event.preventDefault();
    event.stopPropagation();
  };

  return (
    <span
      ref={ref}
      role="separator"
      aria-orientation="vertical"
      aria-label={`Resize column ${label}`}
      aria-valuenow={Math.round(width)}
      aria-valuemin={MIN_COLUMN_PX}
      aria-valuemax={MAX_COLUMN_PX}
      tabIndex={0}
      className={styles.resizer}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
      onDoubleClick={onReset}
    />
  );
}
