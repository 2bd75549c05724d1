// @vitest-environment jsdom
/**
 * The export panel on a real DuckDB (the page's wasm, in Node): a result cut at the row cap is
 * exported whole, through the session's stream, with its sidecar.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { parseCsv } from '@/lib/csv';
import { runSql, startEngine } from '@/sql/sqlSession';
import type { SqlResult } from '@/sql/types';
import { setupNodeSqlEngine } from '@/test/sqlEngineNode';
import { SqlExportPanel } from './SqlExportPanel';

setupNodeSqlEngine();

function captureDownloads() {
  const blobs: Blob[] = [];
  const files: { name: string; blob: Blob }[] = [];
  const saved = Object.getOwnPropertyDescriptor(URL, 'createObjectURL');
  const savedRevoke = Object.getOwnPropertyDescriptor(URL, 'revokeObjectURL');
  Object.assign(URL, {
    createObjectURL: vi.fn((blob: Blob) => {
      blobs.push(blob);
      return `blob:${blobs.length - 1}`;
    }),
    revokeObjectURL: vi.fn(),
  });
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const blob = blobs[Number(this.href.split(':').pop())];
    if (blob) files.push({ name: this.download, blob });
  });
  return {
    files,
    restore: () => {
      click.mockRestore();
      if (saved) Object.defineProperty(URL, 'createObjectURL', saved);
      if (savedRevoke) Object.defineProperty(URL, 'revokeObjectURL', savedRevoke);
    },
  };
}

afterEach(cleanup);

describe('SqlExportPanel', () => {
  it('exports every row of a result cut at the cap, with its SQL beside it', async () => {
    await startEngine();
    const sql =
      "SELECT range AS n, TIMESTAMP '2025-07-14 05:00:00' + INTERVAL (range) HOUR AS interval_start_utc, '=1+1' AS note FROM range(2500)";
    const result: SqlResult = await runSql(sql, { rowCap: 100 });
    expect(result.truncated).toBe(true);
    const downloads = captureDownloads();
    try {
      const user = userEvent.setup();
      render(<SqlExportPanel result={result} tables={[]} />);
      expect(screen.getByText(/holds the first 100 rows of this result/)).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Export all rows' }));
      await waitFor(() => expect(downloads.files).toHaveLength(2));
      expect(screen.getByRole('status')).toHaveTextContent(
        /Saved sql_result_.*\.csv \(2,500 rows\) and .*\.csv\.query\.json\./,
      );
      const [csv, sidecar] = downloads.files;
      const [header, ...rows] = parseCsv((await csv?.blob.text())?.trimEnd() ?? '');
      expect(header).toEqual(['n', 'interval_start_utc', 'note']);
      expect(rows).toHaveLength(2500);
      expect(rows[2499]).toEqual(['2499', '2025-10-26T08:00:00Z', "'=1+1"]);
      expect(JSON.parse((await sidecar?.blob.text()) ?? '{}')).toMatchObject({ sql, rows: 2500, tables: [] });
    } finally {
      downloads.restore();
    }
  });

  it('says what failed next to the button', async () => {
    await startEngine();
    const result: SqlResult = {
      ...(await runSql('SELECT 1 AS x', { rowCap: 100 })),
      sql: 'SELEC 1',
      truncated: true,
    };
    const user = userEvent.setup();
    render(<SqlExportPanel result={result} tables={[]} />);
    await user.click(screen.getByRole('button', { name: 'Export all rows' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /The export failed: .*syntax error at or near "SELEC"/,
    );
  });
});
