import { parseCsv } from '@/lib/csv';
import { computedFormat, dataDecimals } from '@/lib/csvWriter';
import { findEvents, parseCondition } from './events';
import { EVENTS_CSV_HEADER, eventsCsv, eventsSidecarText } from './eventsCsv';
import { buildGrid } from './grid';

const grid = buildGrid('2025-07-01', '2025-07-01', '1h', 'US/Central');
const prices = Float64Array.from({ length: grid.times.length }, (_, i) =>
  i < 3 ? ([30.12, 27.5, 26.15][i] ?? 0) : i === 5 ? -12.25 : 10,
);
const condition = 'A > 20';
const events = findEvents(parseCondition(condition), new Map([['A', prices]]), grid);
const values = computedFormat(dataDecimals(prices));
const formatTime = (ms: number): string => new Date(ms).toISOString();

describe('the events CSV', () => {
  it('starts with its header row and reads back as a plain table', () => {
    const text = eventsCsv(events, formatTime, values);
    expect(text.split('\n')[0]).toBe('start_utc,end_utc,start_local,duration_minutes,intervals,peak,mean');
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual([...EVENTS_CSV_HEADER]);
    expect(rows).toEqual([
      [
        '2025-07-01T05:00:00+00:00',
        '2025-07-01T08:00:00+00:00',
        '2025-07-01T05:00:00.000Z',
        '180',
        '3',
        '30.12',
        // (30.12 + 27.5 + 26.15) / 3 in doubles: 27.923333333333336; a mean of cents gains two digits.
        '27.9233',
      ],
    ]);
    expect(events[0]?.mean).toBe(27.923333333333336);
  });

  it('keeps the condition in the sidecar, not in the file', () => {
    const sidecar = JSON.parse(
      eventsSidecarText(
        {
          condition,
          unit: '$/MWh',
          series: { A: 'A: DA · spp ($/MWh)' },
          grid,
          events: events.length,
          values,
        },
        new Date('2025-07-02T00:00:00Z'),
      ),
    ) as Record<string, unknown>;
    expect(sidecar).toMatchObject({
      file: 'compare-events.csv',
      condition: 'A > 20',
      unit: '$/MWh',
      series: { A: 'A: DA · spp ($/MWh)' },
      grid: {
        cadence: '1h',
        zone: 'US/Central',
        start_utc: '2025-07-01T05:00:00+00:00',
        end_utc: '2025-07-02T05:00:00+00:00',
      },
      events: 1,
      numbers: 'peak and mean rounded to 4 decimals',
    });
  });
});
