import { sidecarText, type SidecarSource } from './sidecar';

const job = { datasetId: 'ercot_spp', filename: 'spp.csv', format: 'csv' as const, label: 'spp', rows: 3 };
const params = { start_time: '2025-07-14', end_time: '2025-07-15' };
const source: SidecarSource = { server: 'https://api.example.test', datasetLatestData: null };
const written = (s: SidecarSource) =>
  JSON.parse(sidecarText(s, job, params, new Date('2025-07-16T00:00:00Z'))) as Record<string, unknown>;

describe('sidecarText', () => {
  it('writes the notes as UTC instants and text, the range end null for an instant', () => {
    const sidecar = written({
      ...source,
      annotations: [
        {
          id: 'a',
          start: '2025-07-14T06:00:00Z',
          end: '2025-07-14T09:00:00Z',
          text: 'Cold front <b>arrives</b>',
        },
        { id: 'b', start: '2025-07-14T17:35:00Z', end: null, text: 'Peak' },
      ],
    });
    expect(sidecar.annotations).toEqual([
      {
        start_utc: '2025-07-14T06:00:00+00:00',
        end_utc: '2025-07-14T09:00:00+00:00',
        text: 'Cold front <b>arrives</b>',
      },
      { start_utc: '2025-07-14T17:35:00+00:00', end_utc: null, text: 'Peak' },
    ]);
    // The note's own id is the app's business, not the file's.
    expect(JSON.stringify(sidecar.annotations)).not.toContain('"id"');
  });

  it('leaves the key out when there are no notes, and never writes an API key', () => {
    const text = sidecarText({ ...source, annotations: [] }, job, params, new Date());
    expect(JSON.parse(text)).not.toHaveProperty('annotations');
    expect(JSON.parse(text)).toMatchObject({ api_key: 'not written: send yours in the x-api-key header' });
    expect(text).not.toMatch(/api_key=/);
  });

  it('says how many of the view’s notes lie outside the rows, rather than dropping them in silence', () => {
    expect(written({ ...source, annotations: [], annotationsLeftOut: 2 }).annotations_left_out).toBe(
      "2 of the view's notes fall outside these rows' time",
    );
    expect(written({ ...source, annotationsLeftOut: 0 })).not.toHaveProperty('annotations_left_out');
  });
});
