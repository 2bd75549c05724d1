// @vitest-environment jsdom
import {
  DEMO_API_KEY,
  describeBackend,
  effectiveBaseUrl,
  getConnection,
  reloadConnection,
  setConnection,
  subscribeConnection,
  validateBaseUrl,
  validateTimeoutSeconds,
} from '@/api/connection';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  reloadConnection();
});

describe('connection storage', () => {
  it('starts on the built-in demo data with the demo key', () => {
    expect(getConnection()).toEqual({
      mode: 'demo',
      baseUrl: '',
      apiKey: DEMO_API_KEY,
      remember: false,
      timeoutSeconds: 30,
    });
    expect(effectiveBaseUrl(getConnection())).toBe(`${location.origin}/demo-api`);
    expect(describeBackend(getConnection())).toBe('Built-in demo data');
  });

  it('keeps the key for this tab only unless asked to remember it', () => {
    setConnection({ mode: 'remote', baseUrl: 'https://api.example.com/', apiKey: 'k1', remember: false });
    expect(sessionStorage.getItem('gridscope.apiKey')).toBe('k1');
    expect(JSON.stringify(localStorage)).not.toContain('k1');
    reloadConnection();
    expect(getConnection().apiKey).toBe('k1');
    expect(effectiveBaseUrl(getConnection())).toBe('https://api.example.com');
    expect(describeBackend(getConnection())).toBe('api.example.com');
  });

  it('remembers the key on the device when ticked, and forgets it when unticked', () => {
    setConnection({ mode: 'remote', baseUrl: 'https://api.example.com', apiKey: 'k2', remember: true });
    expect(localStorage.getItem('gridscope.apiKey')).toBe('k2');
    expect(sessionStorage.getItem('gridscope.apiKey')).toBeNull();
    sessionStorage.clear(); // a new tab
    reloadConnection();
    expect(getConnection().apiKey).toBe('k2');

    setConnection({ ...getConnection(), remember: false });
    expect(localStorage.getItem('gridscope.apiKey')).toBeNull();
    expect(sessionStorage.getItem('gridscope.apiKey')).toBe('k2');
  });

  it('notifies subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeConnection(listener);
    setConnection({ ...getConnection(), apiKey: 'free-key' });
    unsubscribe();
    setConnection({ ...getConnection(), apiKey: 'test-key' });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('ignores corrupt settings', () => {
    localStorage.setItem('gridscope.connection', '{not json');
    reloadConnection();
    expect(getConnection().mode).toBe('demo');
  });

  it('accepts only http and https base URLs', () => {
    expect(validateBaseUrl('https://api.example.com')).toBeNull();
    expect(validateBaseUrl('http://127.0.0.1:4010')).toBeNull();
    expect(validateBaseUrl('')).toMatch(/Enter/);
    expect(validateBaseUrl('ftp://x.org')).toMatch(/http/);
    expect(validateBaseUrl('api.example.com')).toMatch(/http/);
    expect(validateBaseUrl('https://u:p@x.org')).toMatch(/credentials/);
  });

  it('keeps the time-out with the other settings, and falls back to 30 s on a bad stored value', () => {
    setConnection({ mode: 'demo', baseUrl: '', apiKey: 'demo-key', remember: false, timeoutSeconds: 90 });
    expect(JSON.parse(localStorage.getItem('gridscope.connection') ?? '{}')).toMatchObject({
      timeoutSeconds: 90,
    });
    reloadConnection();
    expect(getConnection().timeoutSeconds).toBe(90);

    setConnection({ mode: 'demo', baseUrl: '', apiKey: 'demo-key', remember: false });
    expect(getConnection().timeoutSeconds).toBe(30);

    for (const bad of ['"60"', '-1', '0', '1e9', 'null']) {
      localStorage.setItem('gridscope.connection', `{"mode":"demo","timeoutSeconds":${bad}}`);
      reloadConnection();
      expect(getConnection().timeoutSeconds).toBe(30);
    }
  });

  it('accepts a time-out of 5 to 600 whole seconds in the form', () => {
    expect(validateTimeoutSeconds('5')).toBeNull();
    expect(validateTimeoutSeconds(' 600 ')).toBeNull();
    expect(validateTimeoutSeconds('')).toMatch(/Enter a time-out/);
    expect(validateTimeoutSeconds('4')).toBe('The time-out must be from 5 to 600 seconds.');
    expect(validateTimeoutSeconds('601')).toBe('The time-out must be from 5 to 600 seconds.');
    expect(validateTimeoutSeconds('2.5')).toBe('Enter a whole number of seconds.');
    expect(validateTimeoutSeconds('abc')).toBe('Enter a whole number of seconds.');
  });
});
