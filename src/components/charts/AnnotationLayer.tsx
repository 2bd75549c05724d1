import { useId, useState } from 'react';
import { annotationSpan, annotationsWithin, type Annotation } from '@/lib/annotations';
import { orderedAnnotations } from '@/lib/annotationTimes';
import type { PlotBox } from './chartLayout';
import styles from './chart.module.css';
import { useDismissOnEscape } from './useDismissOnEscape';

interface Props {
  /** Every note of the view: numbered in their one order, drawn when they meet [lo, hi]. */
  annotations: readonly Annotation[];
  /** The time the x axis shows, epoch ms. */
  lo: number;
  hi: number;
  /** An instant → its horizontal position in the chart (px). */
  xOf: (ms: number) => number;
  plot: PlotBox;
  formatTime: (ms: number) => string;
  /**
   * False inside a chart that is one image to assistive technology (role="img"): an image cannot
   * hold controls, so its markers only show their text on hover, and the page lists the notes.
   */
  focusable?: boolean;
}

interface Placed {
  note: Annotation;
  number: number;
  /** The visible part, relative to the plot's left edge; equal for an instant. */
  x0: number;
  x1: number;
  label: string;
}

/** A range narrower than this still shows as a band. */
const MIN_BAND_PX = 2;
/** Half a marker's width (chart.module.css): markers stay inside the plot at its edges. */
const MARKER_HALF = 12;

/** The notes that meet [lo, hi], numbered in the list's order, each named with its time. */
function visibleNotes(
  annotations: readonly Annotation[],
  lo: number,
  hi: number,
  formatTime: (ms: number) => string,
): { note: Annotation; number: number; label: string }[] {
  if (!(hi >= lo)) return [];
  const within = new Set(annotationsWithin(annotations, lo, hi));
  return orderedAnnotations(annotations).flatMap((note, i) => {
    if (!within.has(note)) return [];
    const { start, end } = annotationSpan(note);
    const when = note.end === null ? formatTime(start) : `${formatTime(start)} to ${formatTime(end)}`;
    return [{ note, number: i + 1, label: `Note ${i + 1}, ${when}` }];
  });
}

/** Where each note that meets [lo, hi] falls, clipped to the plot. */
function place({ annotations, lo, hi, xOf, plot, formatTime }: Props): Placed[] {
  const right = plot.left + plot.width;
  const clip = (x: number) => Math.max(plot.left, Math.min(right, x)) - plot.left;
  return visibleNotes(annotations, lo, hi, formatTime).map((v) => {
    const { start, end } = annotationSpan(v.note);
    return { ...v, x0: clip(xOf(start)), x1: clip(xOf(end)) };
  });
}

/**
 * The view's notes over a time chart: an instant as a dashed vertical line, a range as a
 * translucent band, each with a numbered marker at the top whose tooltip (on hover or focus) gives
 * its time and text. Laid over the plot in HTML, after the chart's hover layer: the marks let the
 * pointer through to the chart's own tooltip, the markers take it. The text is React text, never
 * markup. Charts render this only when there are notes, so a chart without any pays nothing.
 */
export function AnnotationLayer(props: Props) {
  const { plot, focusable = true } = props;
  const placed = place(props);
  const [active, setActive] = useState<string | null>(null);
  const { dismissed, onPointerMove } = useDismissOnEscape();
  const tooltipId = useId();
  const show = (id: string) => {
    onPointerMove();
    setActive(id);
  };
  const hide = (id: string) => setActive((current) => (current === id ? null : current));
  const shown = dismissed ? undefined : placed.find((p) => p.note.id === active);
  if (placed.length === 0) return null;
  const markerLeft = (p: Placed) =>
    plot.left + Math.max(MARKER_HALF, Math.min(plot.width - MARKER_HALF, p.x0));
  return (
    <>
      <div
        className={styles.annotationArea}
        style={{ left: plot.left, top: plot.top, width: plot.width, height: plot.height }}
        aria-hidden="true"
      >
        {placed.map((p) =>
          p.note.end === null ? (
            <div
              key={p.note.id}
              data-note={p.number}
              className={styles.annotationLine}
              style={{ left: p.x0 }}
            />
          ) : (
            <div
              key={p.note.id}
              data-note={p.number}
              className={styles.annotationBand}
              style={{ left: p.x0, width: Math.max(MIN_BAND_PX, p.x1 - p.x0) }}
            />
          ),
        )}
      </div>
      {placed.map((p) => {
        const events = {
          onPointerEnter: () => show(p.note.id),
          onPointerLeave: () => hide(p.note.id),
        };
        const style = { left: markerLeft(p), top: plot.top };
        return focusable ? (
          <button
            key={p.note.id}
            type="button"
            className={styles.annotationMarker}
            style={style}
            aria-label={`${p.label}: ${p.note.text}`}
            aria-describedby={shown === p ? tooltipId : undefined}
            onFocus={() => show(p.note.id)}
            onBlur={() => hide(p.note.id)}
            {...events}
          >
            {p.number}
          </button>
        ) : (
          <span
            key={p.note.id}
            className={styles.annotationMarker}
            style={style}
            aria-hidden="true"
            {...events}
          >
            {p.number}
          </span>
        );
      })}
      {shown && (
        <div
          id={tooltipId}
          role="tooltip"
          className={`${styles.tooltip} ${styles.annotationTooltip}`}
          style={{
            left: markerLeft(shown),
            top: plot.top + 2 * MARKER_HALF + 4,
            // Opens towards the side with more room.
            transform: shown.x0 > plot.width / 2 ? 'translateX(-100%)' : undefined,
          }}
        >
          <p className={styles.tooltipTime}>{shown.label}</p>
          <p className={styles.annotationText}>{shown.note.text}</p>
        </div>
      )}
    </>
  );
}

/** The notes a chart of one image names in words, after its title: ` 2 notes: Note 1, …: text.` */
export function annotationsSummary(
  annotations: readonly Annotation[],
  lo: number,
  hi: number,
  formatTime: (ms: number) => string,
): string {
  const shown = visibleNotes(annotations, lo, hi, formatTime);
  if (shown.length === 0) return '';
  const each = shown.map((v) => `${v.label}: ${v.note.text}`).join('; ');
  return ` ${shown.length} note${shown.length === 1 ? '' : 's'}: ${each}.`;
}
