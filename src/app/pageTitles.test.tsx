// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { setupMockServer } from '@/test/mockServer';
import { renderApp } from '@/test/renderApp';
import { setupNodeSqlEngine } from '@/test/sqlEngineNode';

setupMockServer();
// /sql starts its engine on arrival: in Node, the same wasm through DuckDB-WASM's Node build.
setupNodeSqlEngine();

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
    // A page's chunk is transformed on first import: under a busy machine that can pass a second.
    await screen.findByRole('heading', { level: 1 }, { timeout: 5_000 });
    await waitFor(() => expect(document.title).toBe(title));
  });
});
