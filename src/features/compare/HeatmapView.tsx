import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { allPricingLocationsOptions } from '@/api/locations/queries';
import type { PricingLocation, PricingLocationList } from '@/contract';
import { formatCount, formatInteger, formatNumber } from '@/lib/format';
import { DAY_MS, zonedParts } from '@/time';
import { startedBuckets, type Grid } from './grid';
import { heatScale, type HeatScale } from './heatColors';
import { heatmap, type Heatmap, type HeatmapDstDay } from './profile';
import { emptyIntervals } from './stats';
import { shownLabel } from './seriesLabel';
import type { SeriesResult } from './seriesResult';
import { withoutValues } from './seriesWaiting';
import styles from './ComparePage.module.css';

const slotText = (slot: number, minutes: number): string => {
  const m = slot * minutes;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

/** What one interval of the grid is called in a count: "12 of 168 hours". */
const INTERVAL_NOUN: Record<Grid['cadence'], [string, string]> = {
  '5min': ['5-minute interval', '5-minute intervals'],
  '15min': ['15-minute interval', '15-minute intervals'],
  '1h': ['hour', 'hours'],
  '1d': ['day', 'days'],
};

/** The caption's sentence for a day of 23 or 25 hours: which cells differ, and how. */
function dstDayText(day: HeatmapDstDay, slotMinutes: number): string {
  const from = slotText(day.fromSlot, slotMinutes);
  const to = slotText(day.toSlot, slotMinutes);
  const one = day.fromSlot === day.toSlot;
  const cells = one ? `its ${from} cell` : `its cells from ${from} to ${to}`;
  const clocks = day.zoneNames ? ` (${day.zoneNames[0]} and ${day.zoneNames[1]})` : '';
  const what =
    day.kind === 'repeated'
      ? one && slotMinutes === 60
        ? `${cells} is the mean of both ${from} hours${clocks}`
        : `${cells} are each the mean of both intervals at that time${clocks}`
      : `${cells} ${one ? 'is' : 'are'} empty, that hour does not exist`;
  return `${day.date} has ${day.hours} hours: ${what}.`;
}

/** "12 of 168 hours have no value (drawn blank), 3 of them not begun yet." */
function missingText(
  empty: { missing: number; toCome: number },
  total: number,
  cadence: Grid['cadence'],
  notes: readonly (string | null)[],
): string {
  const [one, many] = INTERVAL_NOUN[cadence];
  const blank = empty.missing + empty.toCome;
  const verb = blank === 1 ? 'has' : 'have';
  const toCome =
    empty.toCome === 0
      ? ''
      : empty.missing === 0
        ? blank === 1
          ? ', as it has not begun yet'
          : ', as none of them has begun yet'
        : `, ${formatInteger(empty.toCome)} of them not begun yet`;
  const why = notes.filter((n): n is string => n !== null).map((n) => `; ${n}`);
  return `${formatInteger(blank)} of ${formatCount(total, one, many)} ${verb} no value (drawn blank)${toCome}${why.join('')}.`;
}

/** The registry's entry for the location a data series filters on, when the page has loaded the registry. */
function useRegistryEntry(series: SeriesResult): PricingLocation | undefined {
  const spec = series.spec;
  const location = spec.kind === 'data' && spec.filterColumn === 'location' ? spec.filterValue.trim() : '';
  const dataset = spec.kind === 'data' ? spec.dataset : '';
  // Read from the cache only: the page loads the registry for a series that filters by location.
  return useQuery({
    ...allPricingLocationsOptions(),
    enabled: false,
    select: (page: PricingLocationList) =>
      page.items.find((l) => l.location === location && l.pricing_datasets.includes(dataset)),
  }).data;
}

/**
 * What the registry says of the location a data series filters on, when it explains missing
 * values: a location last seen before the range's end (retired), or first seen after its start.
 */
function registryNote(series: SeriesResult, grid: Grid, entry: PricingLocation | undefined): string | null {
  if (!entry) return null;
  // A shifted series reads its values `shift` days before the range.
  const shiftMs = series.spec.kind === 'data' ? series.spec.shift * DAY_MS : 0;
  const start = (grid.times[0] ?? grid.end) - shiftMs;
  const end = grid.end - shiftMs;
  const latest = Date.parse(entry.latest_seen_utc);
  const earliest = Date.parse(entry.earliest_seen_utc);
  const dateOf = (ms: number) => zonedParts(ms, grid.zone, false).date;
  if (latest < start)
    return `the registry last saw ${entry.location} on ${dateOf(latest)}, before this range`;
  if (earliest >= end)
    return `the registry first saw ${entry.location} on ${dateOf(earliest)}, after this range`;
  // An active location's latest interval is about now: only an inactive one's explains the blanks.
  if (entry.status === 'inactive' && latest < end)
    return `the registry last saw ${entry.location} on ${dateOf(latest)}`;
  if (earliest > start) return `the registry first saw ${entry.location} on ${dateOf(earliest)}`;
  return null;
}

/** The caption's sentence on the colours, or on the one value when every value is the same. */
function scaleText(scale: HeatScale, map: Heatmap, unit: string | null): string {
  const fmt = (v: number) => formatNumber(v, { unit });
  if (scale.basis === 'single') return `Every value is ${fmt(map.min)}: one colour.`;
  const centred = scale.diverging ? ', centred on zero' : '';
  const basis =
    scale.basis === 'percentiles'
      ? '2nd–98th percentile; beyond is clipped'
      : 'the lowest to the highest value: the 2nd and 98th percentiles are equal';
  return `Colour from ${fmt(scale.lo)} to ${fmt(scale.hi)}${centred} (${basis}).`;
}

/**
 * One series as hour of day (across) × date (down), one pixel per interval drawn into a canvas
 * and scaled up: a year of 5-minute data is 105,120 pixels, painted in one putImageData. A series
 * with no values gets a sentence saying so instead of a scale no value is on; one with some gets
 * the count of those it lacks; a day of 23 or 25 hours gets a sentence on the cells that differ.
 */
export function HeatmapView({ grid, series, now }: { grid: Grid; series: SeriesResult; now: number }) {
  const values = series.values;
  const map = useMemo(() => (values ? heatmap(values, grid) : null), [values, grid]);
  const scale = useMemo(() => (map ? heatScale(map.values) : null), [map]);
  // The page's clock, as the statistics read it: the same hours count as not begun in both.
  const started = startedBuckets(grid, now);
  // Split at the page's now as the statistics split them: missing, or not begun yet.
  const empty = useMemo(() => (values ? emptyIntervals(values, started) : null), [values, started]);
  const registryEntry = useRegistryEntry(series);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [hover, setHover] = useState<string>('');
  // The cell read from the keyboard: arrows move it, the readout says its value.
  const [cursor, setCursor] = useState<{ row: number; slot: number } | null>(null);
  useEffect(() => {
    const el = canvas.current;
    if (!el || !map || !scale) return;
    el.width = map.slots;
    el.height = map.dates.length;
    const ctx = el.getContext('2d');
    if (!ctx) return;
    const image = ctx.createImageData(map.slots, map.dates.length);
    const { lut, index } = scale;
    const pixels = image.data;
    for (let k = 0; k < map.values.length; k++) {
      const v = map.values[k] ?? Number.NaN;
      if (Number.isNaN(v)) continue; // transparent: no value
      const c = 3 * index(v);
      pixels[4 * k] = lut[c] ?? 0;
      pixels[4 * k + 1] = lut[c + 1] ?? 0;
      pixels[4 * k + 2] = lut[c + 2] ?? 0;
      pixels[4 * k + 3] = 255;
    }
    ctx.putImageData(image, 0, 0);
    el.dataset.painted = String(map.values.length);
  }, [map, scale]);
  if (!values || !map || !empty)
    return (
      <p className={styles.muted} data-testid="heatmap-empty">
        Not drawn yet: {withoutValues([series])}.
      </p>
    );
  const label = shownLabel(series);
  const [one, many] = INTERVAL_NOUN[grid.cadence];
  const total = values.length;
  const first = map.dates[0] ?? '';
  const last = map.dates[map.dates.length - 1] ?? '';
  if (!scale) {
    const reasons = [
      empty.toCome === total && total > 0
        ? total === 1
          ? `its ${one} has not begun yet`
          : `none of its ${formatCount(total, one, many)} has begun yet`
        : null,
      registryNote(series, grid, registryEntry),
    ].filter((r): r is string => r !== null);
    return (
      <p className={styles.muted} role="status" data-testid="heatmap-empty">
        No values for {label} in this range ({first} to {last})
        {reasons.length > 0 ? `: ${reasons.join('; ')}` : ''}. Nothing to draw.
      </p>
    );
  }
  const fmt = (v: number) => formatNumber(v, { unit: series.unit });
  const rowHeight = Math.max(2, Math.min(16, Math.floor(480 / Math.max(1, map.dates.length))));
  const cellText = (row: number, slot: number): string => {
    const k = row * map.slots + slot;
    const v = map.values[k] ?? Number.NaN;
    const time = slotText(slot, map.slotMinutes);
    const at = `${map.dates[row] ?? ''} ${time}`;
    if (map.skipped.has(k)) return `${at}: no such time that day, the clocks skip it (daylight saving)`;
    const pair = map.merged.get(k);
    if (pair) {
      // The repeated hour: one cell for two intervals, each named by its clock.
      const parts = pair.map((i) => ({
        zone: zonedParts(grid.times[i] ?? 0, grid.zone, false).zoneName,
        v: values[i] ?? Number.NaN,
      }));
      const noun = map.slotMinutes === 60 ? 'hours' : 'intervals';
      const present = parts.filter((p) => !Number.isNaN(p.v));
      const absent = parts.filter((p) => Number.isNaN(p.v));
      if (present.length === 0)
        return `${at}: no value (neither ${parts.map((p) => `${time} ${p.zone}`).join(' nor ')} has one)`;
      if (absent.length > 0)
        return `${at}: ${fmt(v)}, from ${present.map((p) => `${time} ${p.zone}`).join(', ')} only (${absent.map((p) => `${time} ${p.zone}`).join(', ')} has no value)`;
      return `${at}: ${fmt(v)}, the mean of both ${time} ${noun} (${parts.map((p) => `${p.zone} ${fmt(p.v)}`).join(', ')})`;
    }
    return `${at}: ${Number.isNaN(v) ? 'no value' : fmt(v)}`;
  };
  const onKeyDown = (e: KeyboardEvent<HTMLCanvasElement>) => {
    const at = cursor ?? { row: 0, slot: 0 };
    const moves: Record<string, { row: number; slot: number }> = {
      ArrowLeft: { row: at.row, slot: at.slot - 1 },
      ArrowRight: { row: at.row, slot: at.slot + 1 },
      ArrowUp: { row: at.row - 1, slot: at.slot },
      ArrowDown: { row: at.row + 1, slot: at.slot },
      Home: { row: at.row, slot: 0 },
      End: { row: at.row, slot: map.slots - 1 },
      PageUp: { row: at.row - 7, slot: at.slot },
      PageDown: { row: at.row + 7, slot: at.slot },
    };
    const next = moves[e.key];
    if (!next) return;
    e.preventDefault();
    const moved = {
      row: Math.max(0, Math.min(map.dates.length - 1, next.row)),
      slot: Math.max(0, Math.min(map.slots - 1, next.slot)),
    };
    setCursor(moved);
    setHover(cellText(moved.row, moved.slot));
  };
  const every = Math.max(1, Math.ceil(map.dates.length / 12));
  return (
    <figure className={styles.heatmap}>
      <figcaption className={styles.muted}>
        {label}: hour of day across, date down ({first} to {last}, {map.slots} intervals a day).{' '}
        {scaleText(scale, map, series.unit)}
        {empty.missing + empty.toCome > 0 && (
          <span data-testid="heatmap-missing">
            {' '}
            {missingText(empty, total, grid.cadence, [
              series.capped ? 'the series is capped, only its first rows arrived' : null,
              registryNote(series, grid, registryEntry),
            ])}
          </span>
        )}
        {map.dstDays.length > 0 && (
          <span data-testid="heatmap-dst">
            {' '}
            {map.dstDays.map((d) => dstDayText(d, map.slotMinutes)).join(' ')}
          </span>
        )}
      </figcaption>
      <div className={styles.heatLegend} style={{ background: scale.gradient }} aria-hidden="true" />
      <div className={styles.heatBody}>
        <ol className={styles.heatDates} aria-hidden="true" style={{ height: rowHeight * map.dates.length }}>
          {map.dates.map((d, i) =>
            i % every === 0 ? (
              <li key={d} style={{ top: i * rowHeight }}>
                {d}
              </li>
            ) : null,
          )}
        </ol>
        <div className={styles.heatCanvasBox}>
          {cursor && (
            <span
              className={styles.heatCursor}
              aria-hidden="true"
              style={{
                left: `${(cursor.slot / map.slots) * 100}%`,
                width: `${100 / map.slots}%`,
                top: cursor.row * rowHeight,
                height: rowHeight,
              }}
            />
          )}
          <canvas
            ref={canvas}
            className={styles.heatCanvas}
            style={{ height: rowHeight * map.dates.length }}
            role="img"
            aria-label={`Heatmap of ${label}, ${map.dates.length} days by ${map.slots} intervals`}
            tabIndex={0}
            aria-describedby="heatmap-readout"
            onKeyDown={onKeyDown}
            onMouseMove={(e) => {
              const box = e.currentTarget.getBoundingClientRect();
              const slot = Math.min(
                map.slots - 1,
                Math.floor(((e.clientX - box.left) / box.width) * map.slots),
              );
              const row = Math.floor(((e.clientY - box.top) / box.height) * map.dates.length);
              setHover(map.dates[row] === undefined ? '' : cellText(row, slot));
            }}
            onMouseLeave={() => setHover('')}
          />
          <div className={styles.heatHours} aria-hidden="true">
            {[0, 6, 12, 18].map((h) => (
              <span key={h} style={{ left: `${(h / 24) * 100}%` }}>
                {String(h).padStart(2, '0')}:00
              </span>
            ))}
          </div>
        </div>
      </div>
      <p id="heatmap-readout" className={styles.muted} aria-live="polite">
        {hover || 'Point at a cell, or focus the heatmap and use the arrow keys, to read a value.'}
      </p>
    </figure>
  );
}
