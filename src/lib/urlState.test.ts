import { z } from 'zod';
import { defineUrlState, readUrlState, textParam, writeUrlState } from './urlState';

const codec = defineUrlState(
  {
    q: z.string().max(100),
    page: z.coerce.number().int().min(1),
    order: z.enum(['asc', 'desc']),
    cols: z.string().transform((s) => s.split(',').filter(Boolean)),
  },
  { q: '', page: 1, order: 'asc', cols: [] as string[] },
);

describe('readUrlState', () => {
  it('gives the defaults for an empty URL', () => {
    expect(readUrlState(codec, new URLSearchParams())).toEqual({
      state: { q: '', page: 1, order: 'asc', cols: [] },
      invalid: [],
    });
  });

  it('parses typed values from the params', () => {
    const { state, invalid } = readUrlState(codec, new URLSearchParams('q=load&page=3&order=desc&cols=a,b'));
    expect(state).toEqual({ q: 'load', page: 3, order: 'desc', cols: ['a', 'b'] });
    expect(invalid).toEqual([]);
  });

  it('falls back to the default of each bad key only, and reports which', () => {
    const { state, invalid } = readUrlState(codec, new URLSearchParams('q=wind&page=-2&order=sideways'));
    expect(state).toEqual({ q: 'wind', page: 1, order: 'asc', cols: [] });
    expect(invalid).toEqual(['page', 'order']);
  });

  it('refuses text with control characters under any schema, and reports it as invalid', () => {
    const loose = defineUrlState(
      { q: z.string(), t: textParam(), cols: codec.shape.cols },
      { q: '', t: '', cols: [] as string[] },
    );
    for (const bad of [
      'a\nb',
      'a\rb',
      'a\tb',
      '\u0000',
      '\u001b[31m',
      'a\u007fb',
      '\u0085',
      '\u009f',
      'a\u2028b',
      'a\u2029b',
      '\u202eevil',
    ]) {
      const params = new URLSearchParams();
      params.set('q', bad);
      params.set('t', bad);
      params.set('cols', `x,${bad}`);
      expect(readUrlState(loose, params), JSON.stringify(bad)).toEqual({
        state: { q: '', t: '', cols: [] },
        invalid: ['q', 't', 'cols'],
      });
    }
    // Percent-encoded in a link, as a crafted one would carry them.
    const link = readUrlState(loose, new URLSearchParams('q=HB_NORTH%0Aimport%20os&t=ok%C2%A0fine'));
    expect(link).toEqual({ state: { q: '', t: 'ok\u00a0fine', cols: [] }, invalid: ['q'] });
  });

  it('ignores params it does not own', () => {
    expect(readUrlState(codec, new URLSearchParams('other=1')).state.q).toBe('');
  });
});

describe('writeUrlState', () => {
  it('omits values at their default', () => {
    expect(writeUrlState(codec, { q: '', page: 1, order: 'asc', cols: [] }).toString()).toBe('');
    expect(writeUrlState(codec, { page: 2 }).toString()).toBe('page=2');
  });

  it('writes arrays as comma lists and round-trips', () => {
    const params = writeUrlState(codec, { q: 'solar wind', order: 'desc', cols: ['x', 'y'] });
    expect(params.get('cols')).toBe('x,y');
    expect(readUrlState(codec, params).state).toEqual({
      q: 'solar wind',
      page: 1,
      order: 'desc',
      cols: ['x', 'y'],
    });
  });

  it('keeps foreign keys of the base and removes keys returned to their default', () => {
    const base = new URLSearchParams('tab=map&q=old&page=4');
    const next = writeUrlState(codec, { q: 'new', page: 1 }, base);
    expect(next.toString()).toBe('tab=map&q=new');
    expect(base.toString()).toBe('tab=map&q=old&page=4');
  });

  it('uses a custom serializer when given', () => {
    const upper = defineUrlState({ s: z.string() }, { s: '' }, { s: (v) => v.toUpperCase() });
    expect(writeUrlState(upper, { s: 'ercot' }).toString()).toBe('s=ERCOT');
  });
});

describe('a codec whose schemas are built on first read', () => {
  it('writes links without building them, and builds them once when a link is read', () => {
    const build = vi.fn(() => ({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), n: z.coerce.number().int() }));
    const lazy = defineUrlState(build, { day: '', n: 1 });
    expect(writeUrlState(lazy, { day: '2025-07-15', n: 1 }).toString()).toBe('day=2025-07-15');
    expect(build).not.toHaveBeenCalled();

    expect(readUrlState(lazy, new URLSearchParams('day=2025-07-15&n=x'))).toEqual({
      state: { day: '2025-07-15', n: 1 },
      invalid: ['n'],
    });
    readUrlState(lazy, new URLSearchParams('day=nope'));
    expect(build).toHaveBeenCalledTimes(1);
  });
});
