import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import type {
  NearbyPricingLocation,
  PricingLocation,
  PricingLocationList,
} from '../../src/contract/index.ts';
import { eventually, test } from './harness.ts';

const ZONE = 'LZ_HOUSTON';
const HOUSTON = { lat: 29.76, lon: -95.37 };
const XSS_NAME = '<img src=x onerror="window.__xss=1">';

async function api<T>(apiUrl: string, path: string, params: Record<string, string> = {}): Promise<T> {
  const response = await fetch(`${apiUrl}${path}?${new URLSearchParams(params).toString()}`, {
    headers: { 'x-api-key': 'demo-key' },
  });
  assert.equal(response.status, 200, `${path} answers 200`);
  return (await response.json()) as T;
}

/** An active Houston resource node with coordinates, as the API knows it. */
async function houstonNode(apiUrl: string): Promise<{ id: string; name: string }> {
  const list = await api<PricingLocationList>(apiUrl, '/v1/pricing_locations', {
    zones: ZONE,
    location_types: 'Resource Node',
    statuses: 'active',
    has_geo: 'true',
    page_size: '1',
  });
  const node = list.items[0];
  assert.ok(node, 'the demo data has an active Houston resource node');
  return { id: node.gs_entity_id, name: node.location };
}

const mapRegion = (page: Page): Locator => page.getByRole('region', { name: /^Map of pricing locations/ });
const countLine = (page: Page): Locator =>
  page.getByRole('heading', { level: 1 }).locator('xpath=..').locator('p');
const onTheMapLine = (page: Page): Locator => page.getByText(/^[\d,]+ on the map\./);
const toNumber = (text: string): number => Number(text.replace(/,/g, ''));

/** The map's own description of what it draws in view (markers on a canvas have no DOM). */
async function drawnInView(page: Page): Promise<string> {
  const id = await mapRegion(page).getAttribute('aria-describedby');
  assert.ok(id, 'the map region is described by a summary of what it draws');
  return page.locator(`[id="${id}"]`).innerText();
}

async function openLocations(page: Page, search = ''): Promise<void> {
  await page.goto(`/locations${search}`);
  await page.getByRole('heading', { level: 1, name: 'Pricing locations' }).waitFor();
  await mapRegion(page).waitFor({ timeout: 15_000 });
  await eventually(async () => assert.match(await drawnInView(page), /in view/), 15_000);
}

/** "LZ_HOUSTON (88)" → 88: what the facet promises ticking it will show. */
async function facetCount(checkbox: Locator): Promise<number> {
  return eventually(async () => {
    const label = (await checkbox.evaluate((el) => el.closest('label')?.textContent)) ?? '';
    const match = /\(([\d,]+)\)$/.exec(label);
    assert.ok(match?.[1], `a count in the facet label: ${label}`);
    return toNumber(match[1]);
  });
}

const isFocusVisible = (locator: Locator): Promise<{ visible: boolean; outline: string }> =>
  locator.evaluate((el) => {
    const style = getComputedStyle(el);
    return {
      visible: el.matches(':focus-visible') && style.outlineStyle !== 'none' && style.outlineWidth !== '0px',
      outline: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`,
    };
  });

/** Presses Tab until the focused element satisfies `matches` (a description of it is passed in). */
async function tabUntil(
  page: Page,
  matches: (focused: string) => boolean,
  what: string,
  max = 250,
): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el) return '';
      const label = el.closest('label')?.textContent ?? el.getAttribute('aria-label') ?? el.textContent;
      const inList = el.closest('[role="region"][aria-label="Pricing locations"]') ? 'list ' : '';
      const type = el.getAttribute('type');
      return `${inList}${el.tagName.toLowerCase()}${type ? `[${type}]` : ''} ${label.trim().slice(0, 60)}`;
    });
    seen.push(focused);
    if (matches(focused)) return;
  }
  throw new Error(`Tab never reached ${what}; focus went through:\n${seen.join('\n')}`);
}

test(
  'filtering to the Houston load zone: the count, the facet counts and the markers on the map agree',
  async ({ page }) => {
    await openLocations(page);
    await eventually(async () => assert.match(await countLine(page).innerText(), /^[\d,]+ locations$/));
    const everything = toNumber((await countLine(page).innerText()).split(' ')[0] ?? '');

    const houston = page
      .getByRole('group', { name: 'Zone' })
      .getByRole('checkbox', { name: /^LZ_HOUSTON \(/ });
    const zoneTotal = await facetCount(houston);
    assert.ok(zoneTotal > 0 && zoneTotal < everything, `the facet promises part of the list: ${zoneTotal}`);
    await houston.check();
    await page.waitForURL(/[?&]zones=LZ_HOUSTON(&|$)/);

    // The heading's count, the list's range and the facet all say the same number.
    await eventually(async () => assert.equal(await countLine(page).innerText(), `${zoneTotal} locations`));
    assert.equal(await facetCount(houston), zoneTotal, 'the ticked facet keeps its count');
    await page
      .getByRole('navigation', { name: 'Pages' })
      .getByText(`1–${zoneTotal} of ${zoneTotal}`)
      .waitFor();
    const typeCounts = await page
      .getByRole('group', { name: 'Location type' })
      .getByRole('checkbox')
      .evaluateAll((boxes) =>
        boxes.map((b) => Number(/\((\d+)\)$/.exec(b.closest('label')?.textContent ?? '')?.[1] ?? NaN)),
      );
    assert.equal(
      typeCounts.reduce((a, b) => a + b, 0),
      zoneTotal,
      `location-type facets add up to the count: ${typeCounts.join(' + ')}`,
    );
    assert.equal(
      await page.getByRole('table', { name: 'Pricing locations' }).locator('tbody tr').count(),
      zoneTotal,
    );

    // "M on the map" is the list's own count of the matches with coordinates.
    await onTheMapLine(page).waitFor();
    const onMap = toNumber((await onTheMapLine(page).innerText()).split(' ')[0] ?? '');
    const notOnMap = await page
      .getByRole('table', { name: 'Pricing locations' })
      .getByText('not on map')
      .count();
    assert.equal(onMap, zoneTotal - notOnMap, `${zoneTotal} listed, ${notOnMap} marked “not on map”`);
    await page.getByLabel('Has coordinates').selectOption({ label: 'With coordinates' });
    await eventually(async () => assert.equal(await countLine(page).innerText(), `${onMap} locations`));
    await page.getByLabel('Has coordinates').selectOption({ label: 'Any' });
    await eventually(async () => assert.equal(await countLine(page).innerText(), `${zoneTotal} locations`));

    // What the map draws adds up to it: counted cluster circles plus single markers.
    const clusters = mapRegion(page).getByRole('img', { name: /^Cluster of \d+ locations$/ });
    await eventually(async () => {
      const description = await drawnInView(page);
      const match =
        /^([\d,]+) locations? in view: ([\d,]+) clusters? of ([\d,]+) locations? and ([\d,]+) single markers?\./.exec(
          description,
        );
      assert.ok(match, `a description of the drawn markers: ${description}`);
      const [, inView = '', clusterCount = '', clustered = '', singles = ''] = match;
      assert.equal(toNumber(inView), onMap, 'every Houston location is drawn in view');
      assert.equal(toNumber(clustered) + toNumber(singles), onMap);
      const labels = await clusters.evaluateAll((els) =>
        els.map((el) => el.getAttribute('aria-label') ?? ''),
      );
      assert.equal(labels.length, toNumber(clusterCount), 'one counted circle per cluster');
      const sum = labels.reduce((total, label) => total + Number(/\d+/.exec(label)?.[0]), 0);
      assert.equal(sum, toNumber(clustered), `cluster counts add up: ${labels.join(', ')}`);
    }, 15_000);
  },
  { timeoutMs: 60_000 },
);

test(
  'a click on the map near Houston lists the nearest locations by distance and draws them',
  async ({ page }) => {
    await openLocations(page, `?c=${HOUSTON.lat},${HOUSTON.lon}&z=9`);
    // A click on a marker or cluster selects or zooms; the search point is the map's centre.
    await mapRegion(page).click();
    await page.waitForURL(/[?&]np=/);
    const np = new URL(page.url()).searchParams.get('np') ?? '';
    const [lat = NaN, lon = NaN] = np.split(',').map(Number);
    assert.ok(
      Math.abs(lat - HOUSTON.lat) < 0.01 && Math.abs(lon - HOUSTON.lon) < 0.01,
      `np=${np} is Houston`,
    );

    const nearby = page.getByRole('table', { name: /^Nearest to / });
    await nearby.waitFor({ timeout: 15_000 });
    const rows = await nearby.locator('tbody tr').evaluateAll((trs) =>
      trs.map((tr) => {
        const cells = [...tr.querySelectorAll('th, td')].map((c) => c.textContent.trim());
        return {
          name: cells[0] ?? '',
          zone: cells[1] ?? '',
          miles: Number((cells[2] ?? '').replace(/,/g, '')),
        };
      }),
    );
    assert.equal(rows.length, 10, 'the default limit');
    const miles = rows.map((r) => r.miles);
    assert.deepEqual(
      miles,
      [...miles].sort((a, b) => a - b),
      `distances ascend: ${miles.join(', ')}`,
    );
    assert.ok((miles[0] ?? Infinity) < 15, `the nearest is close to downtown: ${miles[0]} mi`);
    assert.deepEqual(
      rows.slice(0, 3).map((r) => r.zone),
      [ZONE, ZONE, ZONE],
      `the nearest are Houston nodes: ${rows.map((r) => `${r.name} ${r.zone}`).join(', ')}`,
    );

    // Drawn on the map: the search point labelled, lines to each result.
    await mapRegion(page).getByText('Nearby search point', { exact: true }).waitFor();
    await eventually(async () =>
      assert.match(await drawnInView(page), /10 nearby results linked to the search point\./),
    );

    // Hovering a result highlights its marker with its name.
    const first = rows[0]?.name ?? '';
    await nearby.getByRole('row', { name: new RegExp(`^${first}`) }).hover();
    await mapRegion(page).locator('.leaflet-tooltip').getByText(first, { exact: true }).waitFor();
  },
  { timeoutMs: 60_000 },
);

test(
  'a location opens from the list, and its prices open in the query builder filtered to it',
  async ({ page }) => {
    await openLocations(page, `?zones=${ZONE}&types=Resource%20Node&statuses=active`);
    const first = page.getByRole('table', { name: 'Pricing locations' }).locator('tbody tr th a').first();
    const NODE = { name: await first.innerText(), href: (await first.getAttribute('href')) ?? '' };
    assert.match(NODE.href, /^\/locations\/ercot-/);
    await first.click();

    await page.waitForURL(`**${NODE.href}`);
    await page.getByRole('heading', { level: 1, name: NODE.name }).waitFor();
    const fields = page.locator('dl');
    for (const text of [ZONE, 'Resource Node', 'active — seen within 7 days']) {
      await fields.getByText(text, { exact: true }).first().waitFor();
    }
    await page.getByRole('region', { name: `Map showing ${NODE.name}` }).waitFor({ timeout: 15_000 });

    await page.getByRole('link', { name: 'Query ercot_spp_real_time_15_min', exact: true }).click();
    await page.waitForURL('**/datasets/ercot_spp_real_time_15_min/query**');
    const params = new URL(page.url()).searchParams;
    assert.equal(params.get('fcol'), 'location');
    assert.equal(params.get('fval'), NODE.name);
    assert.equal(await page.getByLabel('Filter value').inputValue(), NODE.name);
    const status = page.getByText(/rows loaded/).first();
    await eventually(async () => assert.match(await status.innerText(), /[1-9][\d,]* rows loaded/), 20_000);
    await page.getByRole('table').getByText(NODE.name, { exact: true }).first().waitFor();
    assert.match(await page.getByLabel('Query summary').innerText(), new RegExp(`location = ${NODE.name}`));
  },
  { timeoutMs: 60_000 },
);

/** Renames one location in every pricing-locations answer, keeping the real answer's shape. */
function rename(body: unknown, id: string, name: string): unknown {
  const fix = (l: PricingLocation | NearbyPricingLocation) =>
    l.gs_entity_id === id ? { ...l, location: name } : l;
  if (Array.isArray(body)) return (body as NearbyPricingLocation[]).map(fix);
  if (typeof body === 'object' && body !== null && 'items' in body) {
    const list = body as PricingLocationList;
    return { ...list, items: list.items.map(fix) };
  }
  if (typeof body === 'object' && body !== null && 'gs_entity_id' in body)
    return fix(body as PricingLocation);
  return body;
}

test(
  'a location named like HTML shows as text in its popup and tooltip, and “Show on map” brings it into view',
  async ({ page, apiUrl }) => {
    const NODE = await houstonNode(apiUrl);
    let rewritten = 0;
    // The demo backend answers inside the page, out of page.route's reach; the HTTP mock
    // serves the same data, so this journey talks to it as a custom server and rewrites its answers.
    await page.addInitScript((baseUrl) => {
      localStorage.setItem(
        'gridscope.connection',
        JSON.stringify({ mode: 'remote', baseUrl, remember: true }),
      );
      localStorage.setItem('gridscope.apiKey', 'demo-key');
    }, apiUrl);
    await page.route(`${apiUrl}/v1/pricing_locations**`, async (route) => {
      const response = await route.fetch();
      const body: unknown = await response.json();
      rewritten += 1;
      await route.fulfill({ response, json: rename(body, NODE.id, XSS_NAME) });
    });

    // Start far from Houston: El Paso, zoomed in, so the node is off-screen.
    await openLocations(page, `?q=${NODE.name}&c=31.76,-106.49&z=9`);
    const list = page.getByRole('table', { name: 'Pricing locations' });
    const link = list.getByRole('link', { name: XSS_NAME, exact: true });
    await link.waitFor();
    assert.ok(rewritten > 0, 'the answers went through the route');

    await list.getByRole('button', { name: `Show on map: ${XSS_NAME}`, exact: true }).click();
    const popup = mapRegion(page).locator('.leaflet-popup');
    await popup.waitFor();
    assert.equal(await popup.locator('strong').innerText(), XSS_NAME);
    assert.ok((await popup.innerText()).includes(XSS_NAME), 'the popup shows the name as text');
    // The map moved to the selection: its popup sits inside the map's box.
    await eventually(async () => {
      const map = await mapRegion(page).boundingBox();
      const box = await popup.boundingBox();
      assert.ok(map && box, 'both have a box');
      assert.ok(
        box.x >= map.x &&
          box.x + box.width <= map.x + map.width &&
          box.y >= map.y &&
          box.y + box.height <= map.y + map.height,
        `popup ${JSON.stringify(box)} inside map ${JSON.stringify(map)}`,
      );
    });
    const centre = new URL(page.url()).searchParams.get('c') ?? '';
    assert.ok(!centre.startsWith('31.76,-106.49'), `the map left El Paso: c=${centre}`);
    await page.getByText(`Selected: ${XSS_NAME}.`, { exact: false }).waitFor();

    // Closed, the popup gives way to the hover tooltip of the same name.
    await popup.getByRole('button', { name: 'Close popup' }).click();
    await popup.waitFor({ state: 'detached' });
    await link.hover();
    await mapRegion(page).locator('.leaflet-tooltip').getByText(XSS_NAME, { exact: true }).waitFor();

    assert.equal(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss), undefined);
    assert.equal(await page.locator('img[src="x"]').count(), 0, 'no img element was created');
  },
  { timeoutMs: 60_000 },
);

test(
  'the filters and the list work from the keyboard alone, with focus always visible',
  async ({ page }) => {
    await openLocations(page);
    await page.getByRole('table', { name: 'Pricing locations' }).waitFor();

    await tabUntil(page, (f) => f.startsWith('input[checkbox] LZ_HOUSTON'), 'the LZ_HOUSTON checkbox');
    const checkbox = page.getByRole('checkbox', { name: /^LZ_HOUSTON \(/ });
    const zoneTotal = await facetCount(checkbox);
    const checkboxFocus = await isFocusVisible(checkbox);
    assert.ok(checkboxFocus.visible, `the focused checkbox shows it: ${checkboxFocus.outline}`);
    await page.keyboard.press('Space');
    // Ticked at once, not only when the URL catches up.
    assert.ok(await checkbox.isChecked(), 'Space ticked it');
    await page.waitForURL(/[?&]zones=LZ_HOUSTON(&|$)/);
    await eventually(async () => assert.equal(await countLine(page).innerText(), `${zoneTotal} locations`));

    await tabUntil(page, (f) => f.startsWith('list a '), 'a location link in the list');
    const focused = page.locator(':focus');
    const name = await focused.innerText();
    const linkFocus = await isFocusVisible(focused);
    assert.ok(linkFocus.visible, `the focused link shows it: ${linkFocus.outline}`);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/locations\/ercot-/);
    await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
    await page.getByText('LZ_HOUSTON', { exact: true }).first().waitFor();
  },
  { timeoutMs: 60_000 },
);
