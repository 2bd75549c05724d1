/**
 * Keyboard-only journeys: Tab, Shift+Tab, Enter, Space and arrows, never the mouse. At every stop
 * the focused element must show a visible focus indicator, and after a navigation focus must land
 * on the new page (its h1, or main while it loads), not on the body or a vanished link.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { ALL_DATASETS_TEXT, eventually, test } from './harness.ts';

interface Focused {
  tag: string;
  text: string;
  label: string;
  focusVisible: boolean;
  /** An outline or a box-shadow a sighted user can see. */
  indicator: boolean;
  inMain: boolean;
  isH1: boolean;
}

const focused = (page: Page): Promise<Focused | null> =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (el === null || el === document.body) return null;
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow !== 'none' && style.boxShadow !== '';
    return {
      tag: el.tagName.toLowerCase(),
      text: el.textContent.trim().slice(0, 80),
      label: el.getAttribute('aria-label') ?? '',
      focusVisible: el.matches(':focus-visible'),
      indicator: outline || shadow,
      inMain: el.closest('main') !== null,
      isH1: el.tagName === 'H1',
    };
  });

async function assertFocusVisible(page: Page, where: string): Promise<Focused> {
  const f = await focused(page);
  assert.ok(f !== null, `${where}: something has focus`);
  assert.ok(
    f.focusVisible && f.indicator,
    `${where}: focus is visible on <${f.tag}> "${f.label || f.text}" (focus-visible ${f.focusVisible}, indicator ${f.indicator})`,
  );
  return f;
}

/** Presses Tab (checking the indicator at every stop) until `matches` holds for the focused element. */
async function tabTo(
  page: Page,
  matches: (f: Focused) => boolean,
  what: string,
  { max = 150, back = false } = {},
): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const f = await assertFocusVisible(page, `Tab stop ${i + 1} on the way to ${what}`);
    if (matches(f)) return;
  }
  throw new Error(`${what} not reached within ${max} Tab presses`);
}

/** After a navigation, focus lands on the new page's h1 (which shows it). */
async function assertLandedOnHeading(page: Page, heading: RegExp): Promise<void> {
  await eventually(async () => {
    const f = await focused(page);
    assert.ok(f?.isH1, `focus is on the new page's h1, not ${f ? `<${f.tag}> ${f.text}` : 'the body'}`);
    assert.match(f.text, heading);
  });
  await assertFocusVisible(page, 'the new page’s heading');
  const announced = await page.getByTestId('route-announcer').innerText();
  assert.match(announced, heading, 'the new page is announced');
}

const byText = (text: string | RegExp) => (f: Focused) =>
  typeof text === 'string' ? f.text === text || f.label === text : text.test(f.text) || text.test(f.label);

test(
  'keyboard only: catalog → dataset → query → run → export',
  async ({ page }) => {
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Datasets' }).waitFor();
    await page.getByText(ALL_DATASETS_TEXT).first().waitFor();

    // The first Tab stop is the skip link; it jumps to main.
    await page.keyboard.press('Tab');
    const skip = await assertFocusVisible(page, 'the skip link');
    assert.equal(skip.text, 'Skip to main content');

    await tabTo(page, byText('ERCOT Load'), 'the ERCOT Load dataset link');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/datasets/ercot_load');
    await assertLandedOnHeading(page, /Load/);

    await tabTo(page, byText(/^Query/), 'the dataset’s query link');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/datasets/ercot_load/query**');
    await assertLandedOnHeading(page, /^Query /);

    await tabTo(page, byText('Run query'), 'the Run query button');
    await page.keyboard.press('Enter');
    await eventually(
      async () =>
        assert.match(
          await page
            .getByText(/rows loaded/)
            .first()
            .innerText(),
          /all rows loaded/,
        ),
      20_000,
    );

    // The result tabs: Tab to the selected tab, arrows between tabs.
    await tabTo(page, (f) => f.text === 'Table', 'the Table tab');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    const tab = await assertFocusVisible(page, 'the Export tab');
    assert.equal(tab.text, 'Export');
    await page.getByRole('tab', { name: 'Export', selected: true }).waitFor();

    await tabTo(page, byText('CSV of this page'), 'the CSV of this page button');
    const download = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    const csv = await readFile(await (await download).path(), 'utf8');
    assert.match(csv, /^interval_start/);
  },
  { timeoutMs: 60_000 },
);

test(
  'keyboard only: map list → nearby → location',
  async ({ page }) => {
    await page.goto('/locations?types=Resource%20Node&geo=yes');
    await page.getByRole('heading', { level: 1, name: 'Pricing locations' }).waitFor();
    await page
      .getByRole('button', { name: /^Near this location: / })
      .first()
      .waitFor();

    await tabTo(page, byText(/^Near this location: /), 'the first “Near this location” button', { max: 250 });
    await page.keyboard.press('Enter');
    await page.getByRole('columnheader', { name: 'Distance (mi)' }).waitFor();

    // From the nearby results to one of them.
    const nearbyLink = await page.evaluate(() => {
      const table = [...document.querySelectorAll('table')].find((t) =>
        [...t.querySelectorAll('thead th')].some((th) => th.textContent === 'Distance (mi)'),
      );
      return table?.querySelector('tbody a[href^="/locations/"]')?.textContent ?? null;
    });
    assert.ok(nearbyLink, 'the nearby panel links its results');
    // The nearby panel sits before the list, so it is reached backwards.
    await tabTo(page, byText(nearbyLink), `the nearby result ${nearbyLink}`, { max: 250, back: true });
    await page.keyboard.press('Enter');
    await page.waitForURL('**/locations/ercot-**');
    await assertLandedOnHeading(page, new RegExp(nearbyLink.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  },
  { timeoutMs: 60_000 },
);

test(
  'keyboard only: the peak report moves a day back and the URL and report follow',
  async ({ page }) => {
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Datasets' }).waitFor();
    await tabTo(page, byText('Peak report'), 'the Peak report nav link');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/reports/daily-peak**');
    await assertLandedOnHeading(page, /peak/i);

    const dateField = page.getByLabel('Market date');
    await eventually(async () => assert.match(await dateField.inputValue(), /^\d{4}-\d{2}-\d{2}$/));
    const before = await dateField.inputValue();

    await tabTo(page, byText('Previous day'), 'the Previous day button');
    await page.keyboard.press('Enter');
    const expected = new Date(Date.parse(`${before}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await page.waitForURL(`**/reports/daily-peak?date=${expected}**`);
    await eventually(async () => assert.equal(await dateField.inputValue(), expected));
    await assertFocusVisible(page, 'the Previous day button after the change');
  },
  { timeoutMs: 60_000 },
);
