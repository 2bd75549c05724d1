// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { whenPageCommitted } from '@/app/pageCommitted';
import { setupMockServer } from '@/test/mockServer';
import { renderApp } from '@/test/renderApp';

setupMockServer();

describe('whenPageCommitted (what boot waits for before the first screen can be done)', () => {
  it('runs once the first page is in the DOM, not while its code is on its way, and at once afterwards', async () => {
    const headings: (string | undefined)[] = [];
    const heading = () => document.querySelector('main h1')?.textContent;
    whenPageCommitted(() => headings.push(heading()));
    renderApp('/settings');
    // The page's code loads lazily: the shell is committed first, with the page's fallback.
    expect(screen.getByText('Loading page…')).toBeInTheDocument();
    expect(headings).toEqual([]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    await waitFor(() => expect(headings).toEqual(['Settings']));
    let later = false;
    whenPageCommitted(() => (later = true));
    expect(later).toBe(true);
    expect(headings).toEqual(['Settings']);
  });
});
