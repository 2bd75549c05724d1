import { buildGrid } from './grid';
import { findEvents, parseCondition } from './events';
import { addEventNotes, eventNoteText } from './eventNotes';

const grid = buildGrid('2025-07-01', '2025-07-01', '1h', 'US/Central');
const a = Float64Array.from({ length: grid.times.length }, (_, i) =>
  i >= 3 && i <= 5 ? ([120, 300, 150][i - 3] ?? 0) : i === 17 ? 212.4 : 10,
);
const b = new Float64Array(grid.times.length).fill(40);
const condition = parseCondition('A - B > 50');
const events = findEvents(
  condition,
  new Map([
    ['A', a],
    ['B', b],
  ]),
  grid,
);
const clock = (ms: number) => new Date(ms).toISOString().slice(11, 16);
let ids = 0;
const newId = () => `note-${++ids}`;

describe('events as notes', () => {
  it('says what held and when the peak was', () => {
    expect(events).toHaveLength(2);
    const [first] = events;
    expect(first && eventNoteText(first, condition, '$/MWh', clock)).toBe(
      // Hour 4 of the market day is 09:00 UTC in July (CDT).
      'A - B above 50 $/MWh, peak 260 at 09:00',
    );
  });

  it('adds one range note per event, and none twice', () => {
    const text = (e: (typeof events)[number]) => eventNoteText(e, condition, '$/MWh', clock);
    const once = addEventNotes([], events, text, newId);
    expect(once.added).toBe(2);
    expect(once.notes.map((n) => [n.start, n.end])).toEqual([
      ['2025-07-01T08:00:00Z', '2025-07-01T11:00:00Z'],
      ['2025-07-01T22:00:00Z', '2025-07-01T23:00:00Z'],
    ]);
    const again = addEventNotes(once.notes, events, text, newId);
    expect(again.added).toBe(0);
    expect(again.notes).toEqual(once.notes);
    // An edited text is a different note: the event is added beside it.
    const edited = once.notes.map((n, i) => (i === 0 ? { ...n, text: 'Scarcity' } : n));
    expect(addEventNotes(edited, events, text, newId).added).toBe(1);
  });
});
