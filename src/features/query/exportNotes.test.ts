import { notesInQuery } from './exportNotes';

const note = (id: string, start: string, end: string | null = null) => ({ id, start, end, text: id });

describe('notesInQuery', () => {
  const notes = [
    note('before', '2025-07-13T12:00:00Z'),
    note('inside', '2025-07-14T18:00:00Z'),
    note('overlapping', '2025-07-14T03:00:00Z', '2025-07-14T06:00:00Z'),
    note('after', '2025-07-16T12:00:00Z'),
  ];

  it('keeps the notes that meet the range, its times read in the query zone', () => {
    // Market midnight of 14 July is 05:00 UTC (CDT): the range that ends at 06:00 overlaps it.
    const kept = notesInQuery(notes, {
      start_time: '2025-07-14',
      end_time: '2025-07-15',
      timezone: 'market',
    });
    expect(kept.map((n) => n.id)).toEqual(['inside', 'overlapping']);
    const utc = notesInQuery(notes, { start_time: '2025-07-14T07:00', end_time: '2025-07-15' });
    expect(utc.map((n) => n.id)).toEqual(['inside']);
  });

  it('takes a missing bound as open', () => {
    expect(notesInQuery(notes, { start_time: '2025-07-14T07:00:00+00:00' }).map((n) => n.id)).toEqual([
      'inside',
      'after',
    ]);
  });
});
