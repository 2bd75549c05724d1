import type { SeriesMember } from '@/mock/data/types';
import { aliveAt, lifetimesOf } from './lifetimes';

const member = (index: number, firstSeen: number, retiredAt: number | null): SeriesMember => ({
  index,
  name: `M${index}`,
  firstSeen,
  retiredAt,
});

describe('lifetimes', () => {
  const fleet = [member(0, 0, null), member(1, 0, null), member(2, 100, 200), member(3, 0, null)];

  it('groups members that appear and retire together, and lists every bound once', () => {
    const { groups, bounds } = lifetimesOf(fleet);
    expect(groups.map((g) => g.members).sort()).toEqual([1, 3]);
    expect(bounds).toEqual([0, 100, 200]);
  });

  it('returns the list itself when every member is alive, and only the living ones otherwise', () => {
    const always = fleet.filter((m) => m.retiredAt === null);
    expect(aliveAt(always, 50)).toBe(always);
    expect(aliveAt(fleet, 50).map((m) => m.name)).toEqual(['M0', 'M1', 'M3']);
    expect(aliveAt(fleet, 150).map((m) => m.name)).toEqual(['M0', 'M1', 'M2', 'M3']);
    expect(aliveAt(fleet, 200).map((m) => m.name)).toEqual(['M0', 'M1', 'M3']);
  });
});
