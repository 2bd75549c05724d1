import { describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '@/api/connection';
import { MAX_SHARE_LINK, readShareData, shareDataOf, shareLinkFor } from './shareLink';
import type { SavedView } from './types';

const ORIGIN = 'https://gridscope.example';

const view = (i: number, note = ''): SavedView => ({
  id: `view-${String(i)}`,
  kind: 'query',
  name: `North hub ${String(i)}`,
  note,
  path: `/datasets/ercot_spp/query?locations=HB_NORTH&n=${String(i)}`,
  datasets: ['ercot_spp'],
  timeRange: 'last 7 days',
  server: 'https://api.example.com',
  requests: [
    {
      dataset: 'ercot_spp',
      url: `https://api.example.com/v1/datasets/ercot_spp/query?filter_value=HB_NORTH&n=${String(i)}`,
      parameters: { filter_value: 'HB_NORTH', n: i },
    },
  ],
  annotations: [{ id: 'a', start: '2026-11-18T06:00:00Z', end: null, text: 'spike' }],
  sparkline: [1, 2, 3],
  starred: false,
  createdAt: Date.UTC(2026, 10, 18),
  updatedAt: Date.UTC(2026, 10, 19),
  openedAt: Date.UTC(2026, 10, 20),
});

async function deflate(text: string): Promise<string> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  return Buffer.from(bytes).toString('base64url');
}

async function linkData(views: SavedView[]): Promise<string> {
  const link = await shareLinkFor(views, ORIGIN, '/app');
  if (!link.ok) throw new Error('expected a link');
  return shareDataOf(new URL(link.url).hash) ?? '';
}

describe('share links', () => {
  it('carries a set of views in the library link’s fragment and reads it back', async () => {
    const views = [view(1, 'the Tuesday spike'), view(2)];
    const link = await shareLinkFor(views, ORIGIN, '/app');
    expect(link.ok).toBe(true);
    if (!link.ok) return;
    expect(link.url).toMatch(/^https:\/\/gridscope\.example\/app\/library#share=[A-Za-z0-9_-]+$/);
    const read = await readShareData(shareDataOf(new URL(link.url).hash) ?? '');
    expect(read).toEqual({ ok: true, views: views.map((v) => ({ ...v, openedAt: null })) });
  });

  it('never carries a key, the user’s or the server’s', async () => {
    const data = await linkData([view(1)]);
    const unpacked = new TextDecoder().decode(
      new Uint8Array(
        await new Response(
          new Blob([Buffer.from(data, 'base64url')])
            .stream()
            .pipeThrough(new DecompressionStream('deflate-raw')),
        ).arrayBuffer(),
      ),
    );
    expect(unpacked).toContain('North hub 1');
    expect(unpacked).not.toContain(DEMO_API_KEY);
    expect(unpacked).not.toMatch(/x-api-key=|api_key=|apikey/i);
  });

  it('offers no link past 8,000 characters and says how long it would be', async () => {
    // Notes of random text do not compress: a handful of views is past the limit.
    const random = (n: number) =>
      Array.from({ length: n }, () => Math.random().toString(36).slice(2)).join(' ');
    const link = await shareLinkFor(
      Array.from({ length: 4 }, (_, i) => view(i, random(300))),
      ORIGIN,
      '',
    );
    expect(link.ok).toBe(false);
    if (link.ok) return;
    expect(link.length).toBeGreaterThan(MAX_SHARE_LINK);
  });

  it('knows a share fragment from any other', () => {
    expect(shareDataOf('#share=abc')).toBe('abc');
    expect(shareDataOf('#section')).toBeNull();
    expect(shareDataOf('')).toBeNull();
  });

  it('says a link cut short is damaged', async () => {
    const data = await linkData([view(1, 'a note long enough to matter'), view(2)]);
    const read = await readShareData(data.slice(0, Math.floor(data.length / 2)));
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.problems[0]).toMatch(/^The link is damaged/);
  });

  it('says data that is not base64url or not a deflated file is damaged', async () => {
    for (const data of ['', 'not base64!', 'A', 'aGVsbG8gd29ybGQ']) {
      const read = await readShareData(data);
      expect(read.ok).toBe(false);
      if (!read.ok) expect(read.problems[0]).toMatch(/^The link is damaged/);
    }
  });

  it('reads a well-packed link of the wrong contents with the file reader’s message', async () => {
    const read = await readShareData(await deflate('{"format":"something-else"}'));
    expect(read).toEqual({
      ok: false,
      problems: ['format is not gridscope-workspace: this is not a GridScope workspace file.'],
    });
  });

  it('stops unpacking a crafted link at 5 MB', async () => {
    const bomb = await deflate(' '.repeat(5.5 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(MAX_SHARE_LINK);
    const read = await readShareData(bomb);
    expect(read).toEqual({
      ok: false,
      problems: ['The link unpacks to more than 5 MB, far more than a set of views: it was not opened.'],
    });
  });
});
