// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { getConnection } from '@/api/connection';
import { neverAnswers } from '@/test/faults';
import { setupMockServer } from '@/test/mockServer';
import { renderApp } from '@/test/renderApp';

const { server } = setupMockServer();

const page = () => within(screen.getByRole('main'));

/** Opens the page and waits for its route module, so `page()` finds the real main region. */
async function openSettings(opts?: Parameters<typeof renderApp>[1]) {
  const rendered = renderApp('/settings', opts);
  await screen.findByRole('heading', { level: 1, name: 'Settings' });
  return rendered;
}

describe('Settings page', () => {
  it("offers this app's proxy when its server has an upstream, and sends requests through it with the key in the header", async () => {
    const seen: { url: string; key: string | null }[] = [];
    server.use(
      // The server says only that it forwards, never where (issue 25).
      http.get('*/__gridscope/proxy', () => HttpResponse.json({ proxy: true })),
      http.get('*/upstream/health', ({ request }) => {
        seen.push({ url: request.url, key: request.headers.get('x-api-key') });
        return HttpResponse.json({ status: 'ok', version: '1.0.0' });
      }),
      http.get('*/upstream/v1/api_usage', ({ request }) => {
        seen.push({ url: request.url, key: request.headers.get('x-api-key') });
        return HttpResponse.json({
          plan: 'Team',
          requests_today: 3,
          requests_this_month: 40,
          limit_per_day: null,
          limit_per_month: null,
        });
      }),
    );
    const { user } = await openSettings();
    const proxy = await page().findByRole('radio', { name: "Through this app's proxy" });
    await user.click(proxy);
    expect(page().getByText(/forwards them to the upstream it was started with/)).toBeInTheDocument();
    await user.type(page().getByLabelText('API key'), 'team-key');
    await user.click(page().getByRole('button', { name: 'Test connection' }));
    expect(await page().findByText(/Server reachable: health ok/)).toBeInTheDocument();
    expect(seen.map((r) => new URL(r.url).pathname).sort()).toEqual([
      '/upstream/health',
      '/upstream/v1/api_usage',
    ]);
    expect(seen.find((r) => r.url.endsWith('/api_usage'))?.key).toBe('team-key');
    expect(seen.every((r) => !r.url.includes('team-key'))).toBe(true);
    await user.click(page().getByRole('button', { name: 'Save' }));
    expect(getConnection().mode).toBe('proxy');
    expect(page().getByText("Saved. Now using this app's proxy.")).toBeInTheDocument();
  });

  it('says a server that does not answer this page likely refuses cross-origin requests, and how to get round it', async () => {
    server.use(
      http.get('https://cors.example.com/health', () => HttpResponse.error()),
      http.get('https://cors.example.com/v1/api_usage', () => HttpResponse.error()),
    );
    const { user } = await openSettings();
    await user.click(page().getByRole('radio', { name: 'Custom server' }));
    await user.type(page().getByLabelText('Base URL'), 'https://cors.example.com');
    await user.type(page().getByLabelText('API key'), 'k');
    await user.click(page().getByRole('button', { name: 'Test connection' }));
    expect(
      await page().findByText(
        /it most likely does not allow requests from browsers on other origins \(CORS\)/,
      ),
    ).toHaveTextContent('GRIDSCOPE_UPSTREAM=<server URL> npm start');
  });

  it('starts on the built-in demo data with the demo key and lists the demo keys', async () => {
    await openSettings();
    expect(page().getByRole('radio', { name: 'Built-in demo data' })).toBeChecked();
    expect(page().getByLabelText('API key')).toHaveValue('demo-key');
    expect(page().queryByLabelText('Base URL')).not.toBeInTheDocument();
    const keys = page().getByRole('table');
    expect(within(keys).getByRole('row', { name: 'demo-key Developer' })).toBeInTheDocument();
    expect(within(keys).getByRole('row', { name: 'free-key Free' })).toBeInTheDocument();
    expect(within(keys).getByRole('row', { name: 'test-key Internal' })).toBeInTheDocument();
  });

  it('switches to a custom server, validating its address, and back', async () => {
    const { user } = await openSettings();
    await user.click(page().getByRole('radio', { name: 'Custom server' }));
    const url = page().getByLabelText('Base URL');
    expect(page().getByLabelText('API key')).toHaveValue('');

    await user.type(url, 'ftp://example.com');
    await user.click(page().getByRole('button', { name: 'Save' }));
    expect(url).toHaveAccessibleDescription('The address must start with http:// or https://.');
    expect(getConnection().mode).toBe('demo');

    await user.clear(url);
    await user.type(url, 'https://api.example.com/');
    await user.type(page().getByLabelText('API key'), 'my-key');
    await user.click(page().getByRole('button', { name: 'Save' }));
    expect(page().getByText('Saved. Now using api.example.com.')).toBeInTheDocument();
    expect(getConnection()).toEqual({
      mode: 'remote',
      baseUrl: 'https://api.example.com',
      apiKey: 'my-key',
      remember: false,
      timeoutSeconds: 30,
    });
    expect(screen.getByText('Backend: api.example.com')).toBeInTheDocument();

    await user.click(page().getByRole('radio', { name: 'Built-in demo data' }));
    expect(page().getByLabelText('API key')).toHaveValue('demo-key');
    await user.click(page().getByRole('button', { name: 'Save' }));
    expect(getConnection().mode).toBe('demo');
    expect(screen.getByText('Backend: Built-in demo data')).toBeInTheDocument();
  });

  it('tests the connection with the values in the form before saving', async () => {
    const { user } = await openSettings();
    await user.click(page().getByRole('button', { name: 'Test connection' }));
    const result = await page().findByText(/Server reachable/);
    expect(result).toHaveTextContent(
      'Server reachable: health ok, API version 1.0.0. Key accepted: plan Developer, 0 of 10,000 requests today, 0 of 250,000 this month.',
    );
    expect(result).toHaveAttribute('role', 'status');
  });

  it("shows the server's detail when the key is wrong, and does not save it", async () => {
    const { user } = await openSettings();
    const key = page().getByLabelText('API key');
    await user.clear(key);
    await user.type(key, 'wrong-key');
    await user.click(page().getByRole('button', { name: 'Test connection' }));
    const alert = await page().findByRole('alert');
    expect(alert).toHaveTextContent('Invalid API key.');
    // The open health check still proves the address is right.
    expect(page().getByText(/Server reachable/)).toBeInTheDocument();
    expect(getConnection().apiKey).toBe('demo-key');
  });

  it('reports an unreachable custom server once', async () => {
    server.use(http.get('https://down.example.com/*', () => HttpResponse.error()));
    const { user } = await openSettings();
    await user.click(page().getByRole('radio', { name: 'Custom server' }));
    await user.type(page().getByLabelText('Base URL'), 'https://down.example.com');
    await user.click(page().getByRole('button', { name: 'Test connection' }));
    const alert = await page().findByRole('alert');
    expect(alert).toHaveTextContent(/could not be reached/);
    expect(page().getAllByRole('alert')).toHaveLength(1);
  });

  it('keeps the key in this tab only unless asked to remember it', async () => {
    const { user } = await openSettings();
    const key = page().getByLabelText('API key');
    await user.clear(key);
    await user.type(key, 'free-key');
    await user.click(page().getByRole('button', { name: 'Save' }));
    expect(sessionStorage.getItem('gridscope.apiKey')).toBe('free-key');
    expect(localStorage.getItem('gridscope.apiKey')).toBeNull();

    await user.click(page().getByRole('checkbox', { name: 'Remember key on this device' }));
    await user.click(page().getByRole('button', { name: 'Save' }));
    expect(localStorage.getItem('gridscope.apiKey')).toBe('free-key');

    await user.click(page().getByRole('checkbox', { name: 'Remember key on this device' }));
    await user.click(page().getByRole('button', { name: 'Save' }));
    expect(localStorage.getItem('gridscope.apiKey')).toBeNull();
    expect(sessionStorage.getItem('gridscope.apiKey')).toBe('free-key');
  });

  it('never puts the key in a URL', async () => {
    const urls: string[] = [];
    server.events.on('request:start', ({ request }) => urls.push(request.url));
    const { user } = await openSettings();
    await user.click(page().getByRole('button', { name: 'Test connection' }));
    await page().findByText(/Key accepted/);
    server.events.removeAllListeners();
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.join(' ')).not.toContain('demo-key');
  });

  it('validates the time-out field next to it, and saves a good value with the connection', async () => {
    const { user } = await openSettings();
    const field = page().getByLabelText('Time-out (seconds)');
    expect(field).toHaveValue(30);
    expect(field).toHaveAccessibleDescription(/from 5 to 600 seconds \(30 by default\)/);

    await user.clear(field);
    await user.type(field, '2');
    await user.click(page().getByRole('button', { name: 'Save' }));
    expect(field).toHaveAccessibleDescription('The time-out must be from 5 to 600 seconds.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(page().queryByText(/^Saved\./)).not.toBeInTheDocument();
    expect(getConnection().timeoutSeconds).toBe(30);

    await user.clear(field);
    await user.click(page().getByRole('button', { name: 'Save' }));
    expect(field).toHaveAccessibleDescription(/Enter a time-out in seconds/);

    await user.type(field, '90');
    expect(field).toHaveAttribute('aria-invalid', 'false');
    await user.click(page().getByRole('button', { name: 'Save' }));
    expect(page().getByText('Saved. Now using Built-in demo data.')).toBeInTheDocument();
    expect(getConnection().timeoutSeconds).toBe(90);
    expect(JSON.parse(localStorage.getItem('gridscope.connection') ?? '{}')).toMatchObject({
      timeoutSeconds: 90,
    });
  });

  it("uses the form's time-out for its requests: a silent server is reported after it", async () => {
    const never = neverAnswers('*/health');
    server.use(never.handler);
    const { user } = await openSettings();
    const field = page().getByLabelText('Time-out (seconds)');
    await user.clear(field);
    await user.type(field, '5');
    await user.click(page().getByRole('button', { name: 'Test connection' }));
    const alert = await page().findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent('The server did not answer within 5 s.');
    expect(never.aborted()).toBe(1);
  }, 15_000);
});
