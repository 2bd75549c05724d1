import { useEffect, useId, useRef, useState } from 'react';
import { formatTimestamp } from '@/lib/format';
import { intervalText } from './intervalText';
import { SPEED_CHOICES } from './priceMapUrlState';
import styles from './PriceMapPage.module.css';

interface TimeControlsProps {
  steps: readonly number[];
  /** Index of the shown interval, and the range the data covers. */
  index: number;
  first: number;
  last: number;
  playing: boolean;
  speed: number;
  onIndex: (index: number) => void;
  onPlaying: (playing: boolean) => void;
  onSpeed: (speed: number) => void;
  /** Called at each tick of playback; returns false while the next step is not ready (the tick waits). */
  onTick: () => void;
}

/** The day's slider, step buttons and playback. Arrow keys move the native range input one step. */
export function TimeControls({
  steps,
  index,
  first,
  last,
  playing,
  speed,
  onIndex,
  onPlaying,
  onSpeed,
  onTick,
}: TimeControlsProps) {
  const id = useId();
  const tick = useRef(onTick);
  useEffect(() => {
    tick.current = onTick;
  }, [onTick]);
  useEffect(() => {
    if (!playing) return;
    const timer = window.setInterval(() => tick.current(), 1000 / speed);
    return () => window.clearInterval(timer);
  }, [playing, speed]);

  // The slider keeps the step it was moved to until the URL catches up: React puts a controlled
  // input back to its prop after each change, so a second key press before the URL updated would
  // start again from the old step and one step would be lost.
  const [moved, setMoved] = useState<{ from: number; to: number } | null>(null);
  const shown = moved !== null && moved.from === index ? moved.to : index;
  const move = (to: number): void => {
    setMoved({ from: index, to });
    onIndex(to);
  };

  const t = steps[shown];
  const valueText = t === undefined ? 'No interval' : intervalText(t, shown, steps.length);
  return (
    <div role="group" aria-label="Time" className={styles.time}>
      <div className={styles.sliderRow}>
        <label htmlFor={`${id}-slider`}>Interval</label>
        <input
          id={`${id}-slider`}
          type="range"
          min={first}
          max={last}
          step={1}
          value={shown}
          aria-valuetext={valueText}
          disabled={last < first}
          onChange={(event) => move(Number(event.target.value))}
        />
      </div>
      <div className={styles.timeButtons}>
        <button type="button" onClick={() => move(shown - 1)} disabled={shown <= first}>
          ← Previous
        </button>
        <button type="button" onClick={() => move(shown + 1)} disabled={shown >= last}>
          Next →
        </button>
        <button
          type="button"
          onClick={() => onPlaying(!playing)}
          disabled={last <= first}
          aria-pressed={playing}
        >
          {playing ? 'Pause' : 'Play'}
        </button>
        <label htmlFor={`${id}-speed`}>Speed</label>
        <select id={`${id}-speed`} value={speed} onChange={(event) => onSpeed(Number(event.target.value))}>
          {SPEED_CHOICES.map((s) => (
            <option key={s} value={s}>
              {s} step{s === 1 ? '' : 's'}/s
            </option>
          ))}
        </select>
        <output htmlFor={`${id}-slider`} className={styles.when} data-testid="interval-text">
          {t === undefined
            ? 'No data for this day'
            : `${formatTimestamp(t)} · ${formatTimestamp(t, { timeZone: 'UTC' })} · ${shown + 1} of ${steps.length}`}
        </output>
      </div>
    </div>
  );
}
