import { z } from 'zod';
import { linkSettingsText, quoteLinkValue, unknownLinkSettings, unreadUrlSettings } from './linkSettings';
import { defineUrlState, readUrlState } from './urlState';

describe('the link notice', () => {
  it('names each setting, why it could not be read and what was used instead, in one sentence', () => {
    expect(
      linkSettingsText([
        {
          label: 'start time',
          problem: '“2025-13-01” is not a real date or time',
          instead: 'the query waits until it is fixed in the form',
        },
        { label: 'series A', problem: '“garbage” is not a series', instead: 'left out' },
      ]),
    ).toBe(
      'Some settings in the link could not be read and were not used: start time (“2025-13-01” is not a real date or time; the query waits until it is fixed in the form), series A (“garbage” is not a series; left out).',
    );
  });

  it('says nothing when every setting was read', () => {
    expect(linkSettingsText([])).toBeNull();
  });

  it('quotes a value short, and never lets its control or bidi characters into the sentence', () => {
    expect(quoteLinkValue('HB_NORTH\nimport os')).toBe('“HB_NORTH\uFFFDimport os”');
    expect(quoteLinkValue('abc\u202Edef')).toBe('“abc\uFFFDdef”');
    const quoted = quoteLinkValue('x'.repeat(500));
    expect(quoted).toHaveLength(42);
    expect(quoted.endsWith('…”')).toBe(true);
  });

  it("words a reader's invalid keys by the page's notes, then names the params it has no reader for", () => {
    const codec = defineUrlState(
      { date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), n: z.enum(['1', '2']) },
      { date: '', n: '1' },
    );
    const params = new URLSearchParams('date=2024-02-3&n=2&s=garbage&s=again&x=1');
    const { invalid } = readUrlState(codec, params);
    expect(
      linkSettingsText(
        unreadUrlSettings(
          params,
          invalid,
          {
            date: {
              label: 'market date',
              expects: 'is not a date',
              instead: 'the latest day was used instead',
            },
            n: { label: 'count', expects: 'is not 1 or 2', instead: '1 was used instead' },
          },
          ['x'],
        ),
      ),
    ).toBe(
      'Some settings in the link could not be read and were not used: market date (“2024-02-3” is not a date; the latest day was used instead), “s” (not a setting of this page; left out).',
    );
  });

  it('names an unknown param once, however often the link repeats it', () => {
    expect(unknownLinkSettings(new URLSearchParams('a=1&b=2&b=3'), ['a']).map((u) => u.label)).toEqual([
      '“b”',
    ]);
  });
});
