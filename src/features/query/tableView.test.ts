import type { DatasetColumn } from '@/contract';
import {
  defaultHiddenColumns,
  readTableView,
  tableViewOf,
  tableViewState,
  writeTableView,
} from './tableView';

const col = (name: string, is_datetime = false): DatasetColumn =>
  ({ name, type: is_datetime ? 'TIMESTAMP' : 'VARCHAR', is_datetime, is_numeric: false }) as DatasetColumn;
const utc = [col('interval_start_utc', true), col('interval_end_utc', true), col('location'), col('spp')];
const local = [
  col('interval_start_utc', true),
  col('interval_end_utc', true),
  col('interval_start_local', true),
  col('interval_end_local', true),
  col('location'),
  col('spp'),
];

describe('table view', () => {
  it('hides the timestamps other than the interval start in the chosen zone', () => {
    expect(defaultHiddenColumns(utc, 'interval_start_utc')).toEqual(['interval_end_utc']);
    expect(defaultHiddenColumns(local, 'interval_start_utc')).toEqual([
      'interval_start_utc',
      'interval_end_utc',
      'interval_end_local',
    ]);
    // A sample series has one timestamp per zone.
    expect(
      defaultHiddenColumns([col('time_utc', true), col('time_local', true), col('prc')], 'time_utc'),
    ).toEqual(['time_utc']);
  });

  it('keeps only departures from the defaults in the URL, and reads them back', () => {
    const view = { hidden: ['interval_start_utc', 'location'], pinned: ['spp'], order: [] };
    const state = tableViewState(view, local, 'interval_start_utc');
    expect(state).toEqual({
      show: ['interval_end_utc', 'interval_end_local'],
      hide: ['location'],
      pin: ['spp'],
      corder: [],
    });
    const params = writeTableView(state, new URLSearchParams('v=1&fval=HB_NORTH'));
    expect(params.get('fval')).toBe('HB_NORTH');
    expect(tableViewOf(readTableView(params), local, 'interval_start_utc')).toEqual({
      hidden: ['interval_start_utc', 'location'],
      pinned: ['spp'],
      order: [],
    });
  });

  it('never hides every column, and ignores names the result does not have', () => {
    const crafted = readTableView(
      new URLSearchParams('hide=interval_start_utc,location,spp,nope&pin=nope,spp'),
    );
    const view = tableViewOf(crafted, utc, 'interval_start_utc');
    expect(view.hidden).not.toContain('interval_start_utc');
    expect(view.hidden).not.toContain('nope');
    expect(view.pinned).toEqual(['spp']);
    // A malformed list is no list.
    expect(readTableView(new URLSearchParams('hide=<script>'))).toEqual({
      show: [],
      hide: [],
      pin: [],
      corder: [],
    });
  });
});
