/**
 * What a benchmark page exposes to the Node driver on `window.pageBench`, and the in-page
 * measuring kit shared by the contenders, so ours and the peer are timed by the same code.
 */

export interface ScrollResult {
  /** Main-thread work per frame in ms: from the frame's scroll event to the end of its rendering. */
  frameWork: number[];
  /** Time between consecutive animation frames in ms (16.7 at 60 Hz when no frame is dropped). */
  frameIntervals: number[];
  /** Most rows in the DOM at any frame (header and spacer rows included). */
  maxDomRows: number;
  /** Rows in the DOM once the end is reached. */
  endDomRows: number;
  /** The row index label read at the bottom once scrolled to the end (proves the end was reached). */
  lastRowText: string;
  scrollStep: number;
}

export interface SpikeCheck {
  /** Points above the 99.9th percentile. */
  spikes: number;
  /** Of those, how many reach their height in the decimated series (same pixel column). */
  visible: number;
  /** Points handed to the chart after decimation. */
  drawnPoints: number;
  /** Vertices in the rendered line (null when the contender draws on canvas). */
  pathVertices: number | null;
}

/** The results table scrolled through a million rows served as cursor pages. */
export interface FarScrollResult {
  /** Rows the table reached (its row count at the end). */
  rows: number;
  /** Page arrivals timed. */
  arrivals: number;
  /** The longest task the Long Tasks API saw while pages arrived (0 when none reached 50 ms). */
  longestTaskMs: number;
  /** The longest gap between ticks of a 0-ms timer while pages arrived: a bound on any task. */
  longestGapMs: number;
  /** Pages whose rows the store held at the end, of all pages. */
  heldPages: number;
  pages: number;
  /** The cells of a row far back, as first shown and after its page was dropped and fetched again. */
  sameAfterRefetch: boolean;
}

export interface PageBench {
  /** One cold mount: ms from having the data to the first frame painted with it. */
  render(): Promise<number>;
  /** Removes the contender so `render` can run again. */
  unmount(): Promise<void>;
  /** Scrolls a mounted table, a step per animation frame (see ScrollKind). */
  scroll?(kind: ScrollKind): Promise<ScrollResult>;
  /** For the results table: scroll a million cursor-paged rows to the end and back. */
  far?(): Promise<FarScrollResult>;
  /** For charts: whether the spikes survive to the drawing. */
  spikes?(): SpikeCheck;
}

declare global {
  interface Window {
    pageBench?: PageBench;
  }
}

export function nextFrame(): Promise<number> {
  return new Promise((resolve) => requestAnimationFrame(resolve));
}

/**
 * Runs `mount`, then waits frame by frame until `ready()` (the first rows or the line are in the
 * DOM) at the start of a frame, and ends when that frame's rendering is done: the frame that
 * paints them. Ending at the next frame instead (a double rAF) would round every figure up to
 * whole 16.7-ms frames, so a peer that draws in one frame and ours in two would compare as 1 : 2
 * whatever the real difference.
 */
export async function timeToPaint(mount: () => void, ready: () => boolean): Promise<number> {
  const t0 = performance.now();
  mount();
  for (let i = 0; ; i++) {
    if (i > 600) throw new Error('contender never rendered');
    await nextFrame();
    if (ready()) break;
  }
  return (await afterRendering()) - t0;
}

export function countDomRows(): number {
  return document.querySelectorAll('tr, [role="row"]').length;
}

/** Resolves after the current frame's rendering work (a message task runs after it). */
function afterRendering(): Promise<number> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve(performance.now());
    channel.port2.postMessage(null);
  });
}

/**
 * How a table is scrolled (issue 16): `jump`, to the end in at most MAX_SCROLL_FRAMES frames (5,334 px
 * a frame over 100,000 rows of 32 px, a new screenful every frame, as when the scroll bar is
 * dragged); `wheel`, WHEEL_FRAMES frames of WHEEL_STEP px, as a fast wheel or trackpad does,
 * where most rows of a frame were already on screen in the previous one.
 */
export type ScrollKind = 'jump' | 'wheel';
export const WHEEL_STEP = 800;
const WHEEL_FRAMES = 300;

/** At most this many frames per scroll to the end: 100,000 rows at 800 px a frame would take a minute. */
const MAX_SCROLL_FRAMES = 600;

/**
 * Scrolls `el` a step each frame, as `kind` says: for `jump` until the end (any step past a
 * screenful renders an entirely new set of rows), for `wheel` WHEEL_FRAMES frames. A frame's work starts at its scroll event
 * (where virtual lists re-render; a capture listener on the document sees it first) or at its
 * rAF when there was none, and ends when the rendering step is over. Both contenders' own rAF
 * work falls inside that window.
 */
export async function scrollTable(
  el: HTMLElement,
  kind: ScrollKind,
  lastRowText: () => string,
): Promise<ScrollResult> {
  const wheel = kind === 'wheel';
  const step = wheel ? WHEEL_STEP : Math.max(WHEEL_STEP, Math.ceil(el.scrollHeight / MAX_SCROLL_FRAMES));
  // An object, not a variable: the listener sets it, which flow analysis cannot see.
  const frame: { scrollAt: number | null } = { scrollAt: null };
  const onScroll = () => {
    frame.scrollAt ??= performance.now();
  };
  document.addEventListener('scroll', onScroll, { capture: true, passive: true });
  const frameWork: number[] = [];
  const frameIntervals: number[] = [];
  let maxDomRows = countDomRows();
  let previous: number | null = null;
  let settled = 0;
  let lastSeen = '';
  try {
    for (;;) {
      const ts = await nextFrame();
      const start = frame.scrollAt ?? performance.now();
      if (previous !== null) frameIntervals.push(ts - previous);
      previous = ts;
      const atEnd = el.scrollTop + el.clientHeight >= el.scrollHeight - 1;
      if (!atEnd) el.scrollTop += step;
      const end = await afterRendering();
      frameWork.push(end - start);
      frame.scrollAt = null;
      maxDomRows = Math.max(maxDomRows, countDomRows());
      if (wheel && frameWork.length >= WHEEL_FRAMES) break;
      // At the end, frames run on until the last row shown holds still for 10 of them (at most
      // 300): lazy renderers (AG Grid draws rows in later frames) finish, and that work counts.
      if (atEnd) {
        const text = lastRowText();
        settled = text === lastSeen ? settled + 1 : 0;
        lastSeen = text;
        if (settled >= 10 || frameWork.length > MAX_SCROLL_FRAMES + 300) break;
      }
    }
  } finally {
    document.removeEventListener('scroll', onScroll, { capture: true });
  }
  return {
    frameWork,
    frameIntervals,
    maxDomRows,
    endDomRows: countDomRows(),
    lastRowText: lastRowText(),
    scrollStep: step,
  };
}
