/** Opens a built benchmark page and calls its `window.pageBench` from Node. */
import type { Browser, Page } from 'playwright-core';
import type { FarScrollResult, ScrollKind, ScrollResult, SpikeCheck } from './pageBench';

export interface PageHandle {
  page: Page;
  render(): Promise<number>;
  unmount(): Promise<void>;
  scroll(kind: ScrollKind): Promise<ScrollResult>;
  far(): Promise<FarScrollResult>;
  spikes(): Promise<SpikeCheck>;
  close(): Promise<void>;
}

export async function openBenchPage(browser: Browser, baseUrl: string, name: string): Promise<PageHandle> {
  const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${baseUrl}/${name}.html`);
  try {
    await page.waitForFunction(() => window.pageBench !== undefined, null, { timeout: 30_000 });
  } catch (e) {
    throw new Error(`${name}.html did not start: ${errors.join('; ') || String(e)}`, { cause: e });
  }
  const call = <T>(fn: () => Promise<T> | T): Promise<T> => page.evaluate(fn);
  return {
    page,
    render: () => call(() => window.pageBench?.render() ?? Promise.reject(new Error('no pageBench'))),
    unmount: () => call(() => window.pageBench?.unmount()),
    scroll: (kind) =>
      page.evaluate((k) => window.pageBench?.scroll?.(k) ?? Promise.reject(new Error('no scroll')), kind),
    far: () => call(() => window.pageBench?.far?.() ?? Promise.reject(new Error('no far scroll'))),
    spikes: () =>
      call(() => {
        const check = window.pageBench?.spikes?.();
        if (!check) throw new Error('no spikes');
        return check;
      }),
    close: () => context.close(),
  };
}

/**
 * Cold mounts of two contenders in turns (a, b, b, a, …) after warm-up, each unmounted again and
 * given two idle frames, so both see the same drift in clocks and garbage collection.
 */
export async function renderPair(
  a: PageHandle,
  b: PageHandle,
  { warmup, runs }: { warmup: number; runs: number },
): Promise<[number[], number[]]> {
  const once = async (h: PageHandle) => {
    const ms = await h.render();
    await h.unmount();
    await h.page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    return ms;
  };
  for (let i = 0; i < warmup; i++) {
    await once(a);
    await once(b);
  }
  const sa: number[] = [];
  const sb: number[] = [];
  for (let i = 0; i < runs; i++) {
    if (i % 2 === 0) {
      sa.push(await once(a));
      sb.push(await once(b));
    } else {
      sb.push(await once(b));
      sa.push(await once(a));
    }
  }
  return [sa, sb];
}
