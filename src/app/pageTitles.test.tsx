// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { PAGES } from '@/app/pages';
import { setupMockServer } from '@/test/mockServer';
import { renderApp } from '@/test/renderApp';
import { setupNodeSqlEngine } from '@/test/sqlEngineNode';

setupMockServer();
// /sql starts its engine on arrival: in Node, the same wasm through DuckDB-WASM's Node build.
setupNodeSqlEngine();

// Every page's code first: a chunk is transformed on its first import, which on a busy machine took
// longer than any wait for a heading (the /today page missed 5 s once in a full run).
beforeAll(async () => {
  await Promise.all(Object.values(PAGES).map((page) => page.code.load()));
}, 120_000);

describe('page titles', () => {
  it.each([
    ['/', 'Datasets · GridScope'],
    ['/datasets/ercot_load', 'ERCOT Load · GridScope'],
    ['/datasets/ercot_load/query', 'Query ERCOT Load · GridScope'],
    ['/locations', 'Pricing locations · GridScope'],
    ['/reports/daily-peak', 'Daily peak report · GridScope'],
    ['/sql', 'SQL · GridScope'],
    ['/today', 'The grid today · GridScope'],
    ['/library', 'Library · GridScope'],
    ['/usage', 'Usage · GridScope'],
    ['/settings', 'Settings · GridScope'],
    ['/no/such/page', 'Page not found · GridScope'],
  ])('%s names itself in the tab', async (url, title) => {
    document.title = 'The previous page · GridScope';
    renderApp(url);
    await screen.findByRole('heading', { level: 1 }, { timeout: 5_000 });
    await waitFor(() => expect(document.title).toBe(title));
  });
});
