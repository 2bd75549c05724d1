// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { NAV_ITEMS } from '@/app/Layout';
import { setupMockServer } from '@/test/mockServer';
import { renderApp } from '@/test/renderApp';

setupMockServer();

describe('App shell', () => {
  it('has a main navigation, a skip link and a status line naming the backend', async () => {
    renderApp('/usage');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(NAV_ITEMS.map((i) => i.label));
    expect(within(nav).getByRole('link', { name: 'Usage' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main');
    expect(screen.getByText('Backend: Built-in demo data')).toHaveAttribute('role', 'status');
    expect(await screen.findByRole('heading', { level: 1, name: 'Usage' })).toBeInTheDocument();
  });

  it('names a custom server by its host', () => {
    renderApp('/settings', {
      connection: { mode: 'remote', baseUrl: 'https://api.example.com/v2', apiKey: 'k' },
    });
    expect(screen.getByText('Backend: api.example.com')).toBeInTheDocument();
  });

  it('moves between pages from the nav', async () => {
    const { user } = renderApp('/usage');
    await user.click(screen.getByRole('link', { name: 'Settings' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
  });

  it('shows a not-found page inside the shell for an unknown address', async () => {
    const { user } = renderApp('/no/such/page');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('/no/such/page')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to the dataset catalog' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Datasets' })).toBeInTheDocument();
  });

  it('cycles the theme system → light → dark and remembers the choice', async () => {
    const { user } = renderApp('/settings');
    const button = screen.getByRole('button', { name: 'Theme' });
    expect(document.documentElement.dataset.theme).toBe('light');
    await user.click(button);
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(localStorage.getItem('gridscope.theme')).toBe('light');
    await user.click(button);
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('gridscope.theme')).toBe('dark');
    await user.click(button);
    expect(button).toHaveAttribute('data-choice', 'system');
    expect(localStorage.getItem('gridscope.theme')).toBeNull();
  });
});
