// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { setupMockServer } from '@/test/mockServer';
import { renderApp } from '@/test/renderApp';
import { resetWorkspaceDbForTests } from '@/workspace/db';
import { isHistoryRecording } from '@/workspace/historySetting';
import { formatBytes } from '@/workspace/storageUse';
import { createView } from '@/workspace/views';

setupMockServer();

const original = Object.getOwnPropertyDescriptor(navigator, 'storage');
afterEach(async () => {
  if (original) Object.defineProperty(navigator, 'storage', original);
  else Reflect.deleteProperty(navigator, 'storage');
  cleanup(); // before the store is reset under a mounted section (an update outside act)
  await resetWorkspaceDbForTests();
});

function fakeStorage(persisted: boolean, grant: boolean) {
  const persist = vi.fn(() => Promise.resolve(grant));
  Object.defineProperty(navigator, 'storage', {
    configurable: true,
    value: {
      estimate: () => Promise.resolve({ usage: 1_400_000, quota: 2_000_000_000 }),
      persisted: () => Promise.resolve(persisted),
      persist,
    },
  });
  return persist;
}

async function savedWork() {
  const { user } = renderApp('/settings');
  const section = within(await screen.findByRole('region', { name: 'Saved work' }));
  return { user, section };
}

describe('Settings: saved work', () => {
  it('counts saved views and history, and says when the browser does not tell the space used', async () => {
    Reflect.deleteProperty(navigator, 'storage');
    await createView(
      {
        kind: 'compare',
        path: '/compare',
        suggestedName: 'Spread',
        datasets: [],
        timeRange: null,
        server: '',
        requests: [],
        sparkline: null,
      },
      { name: 'Spread', note: '', annotations: [] },
    );
    const { section } = await savedWork();
    expect(
      await section.findByText('1 saved view and 0 history entries in this browser.'),
    ).toBeInTheDocument();
    expect(section.getByText('Space used: unknown (this browser does not say).')).toBeInTheDocument();
    expect(section.getByText('Kept when space runs short: unknown.')).toBeInTheDocument();
    expect(section.getByText('This browser cannot be asked to keep it.')).toBeInTheDocument();
  });

  it('shows space used and quota, and asks the browser to keep saved work', async () => {
    const persist = fakeStorage(false, true);
    const { user, section } = await savedWork();
    expect(
      await section.findByText('Space used: 1.4 MB of 2 GB this browser allows this site.'),
    ).toBeInTheDocument();
    expect(section.getByText(/Kept when space runs short: not promised/)).toBeInTheDocument();
    await user.click(section.getByRole('button', { name: 'Keep saved work when space runs short' }));
    expect(persist).toHaveBeenCalledOnce();
    expect(
      await section.findByText('The browser will keep saved work when space runs short.'),
    ).toBeInTheDocument();
  });

  it('says so when the browser declines', async () => {
    fakeStorage(false, false);
    const { user, section } = await savedWork();
    await user.click(await section.findByRole('button', { name: 'Keep saved work when space runs short' }));
    expect(await section.findByText(/The browser declined/)).toBeInTheDocument();
  });

  it('turns query history off and on, for every tab (localStorage)', async () => {
    const { user, section } = await savedWork();
    const box = section.getByRole('checkbox', { name: 'Record query history' });
    expect(box).toBeChecked();
    await user.click(box);
    expect(box).not.toBeChecked();
    expect(isHistoryRecording()).toBe(false);
    expect(localStorage.getItem('gridscope.history')).toBe('off');
    await user.click(box);
    expect(isHistoryRecording()).toBe(true);
  });

  it('writes sizes in decimal units', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(999)).toBe('999 bytes');
    expect(formatBytes(1_400_000)).toBe('1.4 MB');
    expect(formatBytes(250_000_000_000)).toBe('250 GB');
  });
});
