import type { MouseEvent } from 'react';
import { CategoryChart } from './CategoryChart';
import { defaultFormatValue } from './formatValue';
import { THEME } from './palette';

export interface DailyPeakDatum {
  /** Market date `YYYY-MM-DD`. */
  date: string;
  value: number;
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
}

const MARGIN = { top: 12, right: 24, bottom: 4, left: 8 };
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
}: DailyPeaksChartProps) {
  const pick = (index: number) => {
    const date = data[index]?.date;
    if (date !== undefined) onSelectDate(date);
  };
  return (
    <CategoryChart
      labels={data.map((d) => d.date)}
      values={data.map((d) => d.value)}
      title={title}
      height={height}
      margin={MARGIN}
      yAxisWidth={72}
      fromZero={false}
      formatValue={formatValue}
      formatLabel={formatDate}
      valueLabel={valueLabel}
      color={THEME.accent}
      onPick={pick}
    >
      {({ centreOf, yOf }) => (
        <g>
          <path
            className="series-line"
            d={data
              .map((d, i) => `${i === 0 ? 'M' : 'L'}${centreOf(i).toFixed(1)},${yOf(d.value).toFixed(1)}`)
              .join('')}
            fill="none"
            stroke={THEME.accent}
            strokeWidth={1.5}
            aria-hidden="true"
          />
          {data.map((d, i) => {
            const selected = d.date === selectedDate;
            const cx = centreOf(i);
            const cy = yOf(d.value);
            const select = (event: MouseEvent<SVGGElement>): void => {
              // The plot's own click handler would pick the same day a second time.
              event.stopPropagation();
              onSelectDate(d.date);
            };
            return (
              <g key={d.date} data-date={d.date} onClick={select} style={{ cursor: 'pointer' }}>
                {/* A larger invisible target: a 3 px dot is hard to hit, on touch screens above all. */}
                <circle cx={cx} cy={cy} r={10} fill="transparent" />
                <circle
                  cx={cx}
                  cy={cy}
                  r={selected ? 6 : 3.5}
                  fill={selected ? THEME.mark : THEME.accent}
                  stroke={THEME.background}
                  strokeWidth={1.5}
                />
              </g>
            );
          })}
        </g>
      )}
    </CategoryChart>
  );
}
