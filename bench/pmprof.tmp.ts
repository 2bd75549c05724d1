import { chromium } from 'playwright-core';
import { BENCH_DIST, CHROMIUM, CHROMIUM_ARGS, startPreview } from './previewServer';
const server = await startPreview(BENCH_DIST, 4612);
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(
    Date.now() - 86_400_000,
  );
  await page.goto(`${server.url}/price-map?day=${day}&i=0`);
  await page.getByRole('table', { name: /^Highest/ }).waitFor();
  await page.waitForTimeout(3000);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await page.getByRole('slider', { name: 'Interval' }).focus();
  await cdp.send('Profiler.start');
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(400);
  }
  const { profile } = await cdp.send('Profiler.stop');
  const self = new Map<string, number>();
  const dt = profile.timeDeltas ?? [];
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  (profile.samples ?? []).forEach((id, i) => {
    const n = byId.get(id)!;
    const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
  });
  console.log(
    [...self]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 25)
      .map(([k, v]) => `${v.toFixed(1)}ms ${k}`)
      .join('\n'),
  );
} finally {
  await browser.close();
  await server.stop();
}
