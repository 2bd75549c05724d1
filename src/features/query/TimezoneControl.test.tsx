// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { MARKET_TIME_ZONE } from '@/lib/format';
import { setupMockServer } from '@/test/mockServer';
import { renderApp } from '@/test/renderApp';

setupMockServer();

const suggestions = (): string[] =>
  Array.from(document.querySelectorAll('#query-timezones option'), (o) => (o as HTMLOptionElement).value);

describe('the timezone box', () => {
  it('suggests every zone the browser knows, market time first, once it is focused, and not before', async () => {
    renderApp('/datasets/ercot_load/query');
    const box = await screen.findByRole('combobox', { name: 'Timezone' }, { timeout: 10_000 });
    // Made with the page's first render, the list cost a cold link several milliseconds.
    expect(suggestions()).toEqual([]);
    fireEvent.focus(box);
    const zones = suggestions();
    expect(zones.slice(0, 3)).toEqual(['UTC', 'market', MARKET_TIME_ZONE]);
    expect(zones.length).toBe(3 + Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC').length);
  });

  it('suggests them as soon as a pointer comes over it', async () => {
    renderApp('/datasets/ercot_load/query');
    const box = await screen.findByRole('combobox', { name: 'Timezone' }, { timeout: 10_000 });
    fireEvent.pointerEnter(box);
    expect(suggestions()).toContain('Europe/Berlin');
  });
});
