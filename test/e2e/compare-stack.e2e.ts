import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { assertAccessible, eventually, test } from './harness.ts';

const FUELS = ['natural_gas', 'wind', 'solar', 'power_storage'];
const MIX = `/compare?${FUELS.map((c, i) => `${'ABCD'[i]}=ercot_fuel_mix:${c}`).join('&')}&grid=1h`;

test(
  'compare: stacks the fuel mix by keyboard (storage below zero), reads shares on hover, toggles a fuel, and exports the stack with its sum',
  async ({ page }) => {
    await page.goto(MIX);
    const box = page.getByRole('checkbox', { name: 'Stack series as areas' });
    await eventually(
      async () => assert.ok(await box.isEnabled(), 'enabled once every unit is known'),
      30_000,
    );
    await box.focus();
    await page.keyboard.press('Space');
    await page.waitForURL(/[?&]stack=on/);

    const figure = page.getByRole('figure', { name: /^Stacked chart of A: .*; D: / });
    await figure.waitFor({ timeout: 30_000 });
    await eventually(async () => {
      const areas = await page
        .locator('path.stack-area')
        .evaluateAll((ps) => ps.map((p) => p.getAttribute('data-series')));
      // Storage discharges in the evening and charges at midday: a band on each side of zero.
      assert.equal(areas.filter((a) => a?.startsWith('D: ')).length, 2, areas.join(' / '));
    }, 30_000);

    const plot = await figure.boundingBox();
    assert.ok(plot, 'the chart is laid out');
    await page.mouse.move(plot.x + plot.width / 2, plot.y + plot.height / 2);
    const tooltip = page.getByText(/^Above zero: [\d,.]+ MW$/);
    await tooltip.waitFor();
    assert.match(await page.getByText(/^A: .* \(\d+\.\d %\)$/).innerText(), /natural_gas/);

    const legend = page.getByRole('group', { name: 'Stacked (MW), first on zero' });
    const gas = legend.getByRole('button', { name: /^A: / });
    await gas.focus();
    await page.keyboard.press('Enter');
    assert.equal(await gas.getAttribute('aria-pressed'), 'false');
    await eventually(async () =>
      assert.equal(
        await page.locator('path.stack-area[data-series^="A: "]').count(),
        0,
        'gas left the stack',
      ),
    );
    await assertAccessible(page, 'compare: stacked fuel mix');

    const download = page.waitForEvent('download', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Export aligned CSV' }).click();
    const lines = (await readFile(await (await download).path(), 'utf8')).trimEnd().split('\n');
    const header = lines[0]?.split(',') ?? [];
    assert.deepEqual(
      header.slice(2).map((h) => h.replace(/^([A-D]): .*\(MW\)$/, '$1')),
      ['A', 'B', 'C', 'D', 'Net of A + B + C + D (stacked) (MW)'],
      'stack order, every series (a fuel hidden on the chart stays in the frame), then the sum',
    );
    for (const line of lines.slice(1)) {
      const [a, b, c, d, sum] = line.split(',').slice(2).map(Number);
      assert.ok(Math.abs((sum ?? 0) - ((a ?? 0) + (b ?? 0) + (c ?? 0) + (d ?? 0))) < 0.02, line);
    }
    // The link keeps the stack: a reload opens it stacked.
    await page.reload();
    await figure.waitFor({ timeout: 30_000 });
    assert.equal(await box.isChecked(), true);
    // And in the dark theme, the stack's colours and the legend's pressed states pass axe too.
    await page.evaluate(() => window.localStorage.setItem('gridscope.theme', 'dark'));
    await page.reload();
    await figure.waitFor({ timeout: 30_000 });
    await page.locator('path.stack-area').first().waitFor({ timeout: 30_000 });
    await assertAccessible(page, 'compare: stacked fuel mix (dark)');
  },
  { timeoutMs: 120_000 },
);
