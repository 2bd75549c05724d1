import type { MouseEvent } from 'react';
import type { Annotation } from '@/lib/annotations';
import { formatTimestamp } from '@/lib/format';
import { addDays, CENTRAL_TIME_ZONE, zonedMidnightOf } from '@/time';
import { AnnotationLayer, annotationsSummary } from './AnnotationLayer';
import { CategoryChart } from './CategoryChart';
import { defaultFormatValue } from './formatValue';
import { THEME } from './palette';

export interface DailyPeakDatum {
  /** Market date `YYYY-MM-DD`. */
  date: string;
  value: number;
  /**
   * What the value covers where the day is not over (`the day so far, through 15:05 CDT`): its
   * point is drawn hollow, on a dashed line, and the note is said in the tooltip and the title.
   */
  partial?: string;
}

export interface DailyPeaksChartProps {
  /** One point per day, in date order. */
  data: readonly DailyPeakDatum[];
  /** Names the chart for assistive technology; a table beside it carries the numbers and links. */
  title: string;
  /** What a value measures, shown in the tooltip ("Peak load"). */
  valueLabel: string;
  /** Drawn emphasised: the day whose report is open. */
  selectedDate?: string;
  /** Clicking a point (or anywhere above its day) picks that day. */
  onSelectDate: (date: string) => void;
  height?: number;
  formatValue?: (value: number) => string;
  formatDate?: (date: string) => string;
  /** The view's notes: those in the days shown are drawn over them and named in the chart's title. */
  annotations?: readonly Annotation[];
  /** The zone whose midnights the days run between (the market's by default): where a note falls in its day. */
  timeZone?: string;
}

/**
 * Where an instant falls along a line of days, as a fraction of the slots: day `i` runs from
 * `i` to `i + 1`, a DST day's 23 or 25 hours included; an instant between days (a day missing
 * from the data) sits at the boundary.
 */
function dayPosition(
  dates: readonly string[],
  zone: string,
): { lo: number; hi: number; at: (ms: number) => number } {
  const starts = dates.map((d) => zonedMidnightOf(d, zone));
  const ends = dates.map((d) => zonedMidnightOf(addDays(d, 1), zone));
  const at = (ms: number): number => {
    let i = starts.length - 1;
    while (i >= 0 && (starts[i] ?? 0) > ms) i--;
    if (i < 0) return 0;
    const start = starts[i] ?? 0;
    const end = ends[i] ?? start;
    return ms >= end ? i + 1 : i + (ms - start) / (end - start);
  };
  return { lo: starts[0] ?? 0, hi: ends[ends.length - 1] ?? 0, at };
}

const MARGIN = { top: 12, right: 24, bottom: 4, left: 8 };

/** The line through the points, `dashed` or solid: a segment is dashed where either end is a partial day. */
function linePath(points: readonly { x: number; y: number; partial: boolean }[], dashed: boolean): string {
  let d = '';
  points.forEach((p, i) => {
    const prev = points[i - 1];
    if (!prev || (prev.partial || p.partial) !== dashed) return;
    const from = `${prev.x.toFixed(1)},${prev.y.toFixed(1)}`;
    d += `${d.endsWith(from) ? '' : `M${from}`}L${p.x.toFixed(1)},${p.y.toFixed(1)}`;
  });
  return d;
}
const same = (date: string) => date;

/**
 * Daily peaks as a line of clickable points. The chart is a mouse shortcut and one image to
 * assistive technology; the keyboard and screen-reader path is the table of links beside it.
 */
export function DailyPeaksChart({
  data,
  title,
  valueLabel,
  selectedDate,
  onSelectDate,
  height = 220,
  formatValue = defaultFormatValue,
  formatDate = same,
  annotations,
  timeZone = CENTRAL_TIME_ZONE,
}: DailyPeaksChartProps) {
  const pick = (index: number) => {
    const date = data[index]?.date;
    if (date !== undefined) onSelectDate(date);
  };
  // Worked out only when there are notes: the chart without any draws as it did.
  const days =
    annotations && annotations.length > 0 && data.length > 0
      ? dayPosition(
          data.map((d) => d.date),
          timeZone,
        )
      : null;
  const formatTime = (ms: number) => formatTimestamp(ms, { timeZone });
  const partials = data
    .filter((d) => d.partial !== undefined)
    .map((d) => ` ${d.date}: ${d.partial ?? ''}.`)
    .join('');
  return (
    <CategoryChart
      labels={data.map((d) => d.date)}
      values={data.map((d) => d.value)}
      title={`${title}${partials}${
        days && annotations ? annotationsSummary(annotations, days.lo, days.hi, formatTime) : ''
      }`}
      height={height}
      margin={MARGIN}
      yAxisWidth={72}
      fromZero={false}
      formatValue={formatValue}
      formatLabel={formatDate}
      valueLabel={valueLabel}
      color={THEME.accent}
      onPick={pick}
      noteOf={(index) => data[index]?.partial}
      overlay={
        days && annotations
          ? ({ plot, slot }) => (
              <AnnotationLayer
                annotations={annotations}
                lo={days.lo}
                hi={days.hi}
                xOf={(ms) => plot.left + days.at(ms) * slot}
                plot={plot}
                formatTime={formatTime}
                focusable={false}
              />
            )
          : undefined
      }
    >
      {({ centreOf, yOf }) => {
        const points = data.map((d, i) => ({
          x: centreOf(i),
          y: yOf(d.value),
          partial: d.partial !== undefined,
        }));
        return (
          <g>
            <path
              className="series-line"
              d={linePath(points, false)}
              fill="none"
              stroke={THEME.accent}
              strokeWidth={1.5}
              aria-hidden="true"
            />
            <path
              d={linePath(points, true)}
              fill="none"
              stroke={THEME.accent}
              strokeWidth={1.5}
              strokeDasharray="4 3"
              aria-hidden="true"
            />
            {data.map((d, i) => {
              const selected = d.date === selectedDate;
              const partial = d.partial !== undefined;
              const cx = centreOf(i);
              const cy = yOf(d.value);
              const select = (event: MouseEvent<SVGGElement>): void => {
                // The plot's own click handler would pick the same day a second time.
                event.stopPropagation();
                onSelectDate(d.date);
              };
              return (
                <g
                  key={d.date}
                  data-date={d.date}
                  data-partial={partial || undefined}
                  onClick={select}
                  style={{ cursor: 'pointer' }}
                >
                  {/* A larger invisible target: a 3 px dot is hard to hit, on touch screens above all. */}
                  <circle cx={cx} cy={cy} r={10} fill="transparent" />
                  {/* A day not over is hollow: its peak can still rise. */}
                  <circle
                    cx={cx}
                    cy={cy}
                    r={selected ? 6 : partial ? 4.5 : 3.5}
                    fill={partial ? THEME.background : selected ? THEME.mark : THEME.accent}
                    stroke={partial ? (selected ? THEME.mark : THEME.accent) : THEME.background}
                    strokeWidth={partial ? 2 : 1.5}
                  />
                </g>
              );
            })}
          </g>
        );
      }}
    </CategoryChart>
  );
}
