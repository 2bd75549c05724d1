import type { KeyboardEvent, MouseEvent, TouchEvent } from 'react';
import styles from './VirtualTable.module.css';

export const MIN_COLUMN_PX = 48;
export const MAX_COLUMN_PX = 1200;
/** One arrow key press. */
const KEY_STEP_PX = 16;

const clamp = (px: number): number => Math.round(Math.min(MAX_COLUMN_PX, Math.max(MIN_COLUMN_PX, px)));

interface Props {
  /** The column's header text, for the handle's name. */
  label: string;
  /** The column's width in px as shown. */
  width: number;
  /** TanStack Table's resize handler for the header: it follows a mouse or touch drag. */
  onPointerStart?: (event: unknown) => void;
  /** A width set from the keyboard. */
  onResize: (px: number) => void;
  /** Back to the width fitted to the data. */
  onReset: () => void;
}

/**
 * The handle on a header cell's end edge: drag it, or focus it and press ← / →, to set the
 * column's width; double-click it or press Escape for the fitted width again.
 */
export function ColumnResizer({ label, width, onPointerStart, onResize, onReset }: Props) {
  const start = (event: MouseEvent<HTMLSpanElement> | TouchEvent<HTMLSpanElement>) => {
    if ('button' in event && event.button !== 0) return;
    // A drag on the handle is not a click on the header or a text selection.
    event.stopPropagation();
    onPointerStart?.(event);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLSpanElement>) => {
    if (event.key === 'ArrowRight') onResize(clamp(width + KEY_STEP_PX));
    else if (event.key === 'ArrowLeft') onResize(clamp(width - KEY_STEP_PX));
    else if (event.key === 'Escape') onReset();
    else return;
    event.preventDefault();
    event.stopPropagation();
  };

  return (
    <span
      role="separator"
      aria-orientation="vertical"
      aria-label={`Resize column ${label}`}
      aria-valuenow={Math.round(width)}
      aria-valuemin={MIN_COLUMN_PX}
      aria-valuemax={MAX_COLUMN_PX}
      tabIndex={0}
      className={styles.resizer}
      onMouseDown={start}
      onTouchStart={start}
      onKeyDown={onKeyDown}
      onDoubleClick={onReset}
    />
  );
}
