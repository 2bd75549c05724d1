/**
 * Notes (issue 28, item 6) on the built app: added from the keyboard beneath Compare's chart, drawn
 * on it with a marker whose tooltip reads on focus, kept across a reload of the tab, and drawn on
 * the peak report's load curve; axe clean with notes shown.
 */
import assert from 'node:assert/strict';
import { assertAccessible, eventually, test } from './harness.ts';

test(
  'notes: a note typed beneath the Compare chart is drawn on it, reads on focus and survives a reload',
  async ({ page }) => {
    await page.goto('/compare');
    await page.getByRole('button', { name: 'Day-ahead vs real-time at a hub (DART)', exact: true }).click();
    await page.waitForURL(/[?&]A=/);
    const chart = page.getByRole('figure', { name: /^Chart of/ });
    await eventually(
      async () => assert.ok(await chart.getAttribute('data-drawn'), 'the chart is drawn'),
      30_000,
    );

    await page.getByText('Notes (0)').click();
    const form = page.getByRole('form', { name: 'Add a note' });
    // The range of the preset: its first day at noon.
    const from = await page.getByLabel('From', { exact: true }).first().inputValue();
    await form.getByLabel('At').fill(`${from} 12:00`);
    await form.getByLabel('Note').fill('Heat advisory <img src=x onerror=alert(1)>');
    await form.getByLabel('Note').press('Tab');
    await page.keyboard.press('Enter');

    const marker = chart.getByRole('button', { name: /^Note 1, .*: Heat advisory/ });
    await marker.waitFor();
    await marker.focus();
    const tooltip = page.getByRole('tooltip');
    assert.equal(
      await tooltip.locator('p').nth(1).innerText(),
      'Heat advisory <img src=x onerror=alert(1)>',
      'the tooltip reads the note as typed',
    );
    assert.equal(await page.locator('img[src="x"]').count(), 0, 'the note is text, never markup');
    await page.screenshot({ path: 'test-results/notes-compare.png' });
    await assertAccessible(page, 'compare with a note');

    await page.reload();
    await chart.getByRole('button', { name: /^Note 1, .*: Heat advisory/ }).waitFor({ timeout: 30_000 });
  },
  { timeoutMs: 90_000 },
);

test(
  "notes: a range noted on the peak report is drawn over the day's load curve",
  async ({ page }) => {
    await page.goto('/reports/daily-peak?date=2025-07-14');
    await page.getByText('Notes (0)').click();
    const form = page.getByRole('form', { name: 'Add a note' });
    await form.getByLabel('A time range').check();
    await form.getByLabel('From').fill('2025-07-14 16:00');
    await form.getByLabel('To').fill('2025-07-14 19:00');
    await form.getByLabel('Note').fill('Evening ramp');
    await form.getByRole('button', { name: 'Add note' }).click();
    const curve = page.getByRole('img', {
      name: /^ERCOT load on 2025-07-14.* 1 note: Note 1, .*Evening ramp\.$/,
    });
    await curve.waitFor({ timeout: 30_000 });
    assert.equal(await curve.locator('[data-note="1"]').count(), 1);
    await page.screenshot({ path: 'test-results/notes-report.png', fullPage: true });
    await assertAccessible(page, 'peak report with a note');
  },
  { timeoutMs: 90_000 },
);
