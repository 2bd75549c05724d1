/**
 * The lifetimes of a list of subseries members, grouped: members that appear and retire at the
 * same instants form one group. A walk asks three things of its members (where the set of live
 * members changes, how many rows a range holds, which members live at an instant), and each
 * answer needs only the groups. A fleet of 620 resources that all share one lifetime is one
 * group, so the per-query work no longer grows with the fleet (decision 0030).
 */
import type { Millis, SeriesMember } from '@/mock/data/types';

interface LifetimeGroup extends Lifetime {
  members: number;
}

export interface Lifetimes {
  groups: readonly LifetimeGroup[];
  /** Every instant at which a member appears or retires, ascending, without repeats. */
  bounds: readonly Millis[];
}

type Lifetime = Pick<SeriesMember, 'firstSeen' | 'retiredAt'>;

const alive = (life: Lifetime, t: Millis): boolean =>
  life.firstSeen <= t && (life.retiredAt === null || t < life.retiredAt);

function groupLifetimes(members: readonly SeriesMember[]): Lifetimes {
  const byLife = new Map<string, LifetimeGroup>();
  const bounds = new Set<Millis>();
  for (const m of members) {
    const key = `${m.firstSeen}/${m.retiredAt ?? ''}`;
    const group = byLife.get(key);
    if (group) group.members += 1;
    else byLife.set(key, { firstSeen: m.firstSeen, retiredAt: m.retiredAt, members: 1 });
    bounds.add(m.firstSeen);
    if (m.retiredAt !== null) bounds.add(m.retiredAt);
  }
  return { groups: [...byLife.values()], bounds: [...bounds].sort((a, b) => a - b) };
}

/**
 * Member lists live as long as their dataset (a definition's list) or one query (a filtered
 * list), so a weak map keeps the grouping exactly as long as its list.
 */
const memo = new WeakMap<readonly SeriesMember[], Lifetimes>();

export function lifetimesOf(members: readonly SeriesMember[]): Lifetimes {
  let found = memo.get(members);
  if (!found) {
    found = groupLifetimes(members);
    memo.set(members, found);
  }
  return found;
}

/** The members alive at `t`: the list itself when every group is, without copying it. */
export function aliveAt(members: readonly SeriesMember[], t: Millis): readonly SeriesMember[] {
  if (lifetimesOf(members).groups.every((g) => alive(g, t))) return members;
  return members.filter((m) => alive(m, t));
}
