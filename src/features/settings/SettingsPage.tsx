import { useQuery } from '@tanstack/react-query';
import { useId, useState, type SyntheticEvent } from 'react';
import {
  DEMO_API_KEY,
  DEMO_KEYS,
  describeBackend,
  DEFAULT_TIMEOUT_SECONDS,
  getConnection,
  MAX_TIMEOUT_SECONDS,
  MIN_TIMEOUT_SECONDS,
  setConnection,
  validateBaseUrl,
  validateTimeoutSeconds,
  type Connection,
} from '@/api/connection';
import { appProxyOptions } from '@/api/proxy';
import { SecretInput } from '@/components/SecretInput';
import { ConnectionTestResultView, useConnectionTest } from '@/features/settings/ConnectionTest';
import { SavedWorkSection } from './SavedWorkSection';
import styles from './SettingsPage.module.css';
import { useDocumentTitle } from '@/lib/useDocumentTitle';

const isDemoKey = (key: string): boolean => DEMO_KEYS.some((k) => k.key === key);

export function SettingsPage() {
  useDocumentTitle('Settings');
  const id = useId();
  const [form, setForm] = useState<Connection>(() => getConnection());
  const [urlError, setUrlError] = useState<string | null>(null);
  // The field's text, which may be half-typed; the connection keeps the last valid number.
  const [timeoutText, setTimeoutText] = useState(() => String(getConnection().timeoutSeconds));
  const [timeoutError, setTimeoutError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const connectionTest = useConnectionTest();
  // Offered when this app's server forwards to an upstream (started with GRIDSCOPE_UPSTREAM).
  const proxyAvailable = useQuery(appProxyOptions()).data ?? false;

  const update = (patch: Partial<Connection>): void => {
    setForm((f) => ({ ...f, ...patch }));
    setSaved(null);
  };

  const chooseMode = (mode: Connection['mode']): void => {
    if (mode === form.mode) return;
    const stored = getConnection();
    if (mode === 'demo') {
      update({ mode, apiKey: isDemoKey(form.apiKey) ? form.apiKey : DEMO_API_KEY });
    } else {
      // A demo key means nothing to another server; bring back the saved one if there is one.
      update({
        mode,
        apiKey: stored.mode !== 'demo' ? stored.apiKey : isDemoKey(form.apiKey) ? '' : form.apiKey,
      });
    }
    setUrlError(null);
    connectionTest.reset();
  };

  /** The form as a connection, or null (with the reason shown) when the address is not usable. */
  const checked = (): Connection | null => {
    const badTimeout = validateTimeoutSeconds(timeoutText);
    setTimeoutError(badTimeout);
    const urlProblem = form.mode === 'remote' ? validateBaseUrl(form.baseUrl) : null;
    setUrlError(urlProblem);
    if (badTimeout !== null || urlProblem !== null) return null;
    const timeoutSeconds = Number(timeoutText.trim());
    if (form.mode === 'remote') {
      return {
        ...form,
        baseUrl: form.baseUrl.trim().replace(/\/+$/, ''),
        apiKey: form.apiKey.trim(),
        timeoutSeconds,
      };
    }
    return { ...form, apiKey: form.apiKey.trim(), timeoutSeconds };
  };

  const onSave = (event: SyntheticEvent): void => {
    event.preventDefault();
    const next = checked();
    if (next === null) return;
    setConnection(next);
    setForm(next);
    setTimeoutText(String(next.timeoutSeconds));
    setSaved(`Saved. Now using ${describeBackend(next)}.`);
  };

  const onTest = (): void => {
    const next = checked();
    if (next === null) return;
    connectionTest.mutate(next);
  };

  const urlErrorId = `${id}-url-error`;
  const timeoutErrorId = `${id}-timeout-error`;
  return (
    <div className="page">
      <h1>Settings</h1>
      <form className={styles.form} onSubmit={onSave} noValidate>
        <fieldset className={styles.fieldset}>
          <legend>Backend</legend>
          <label className={styles.choice}>
            <input
              type="radio"
              name="mode"
              value="demo"
              checked={form.mode === 'demo'}
              onChange={() => chooseMode('demo')}
            />
            Built-in demo data
          </label>
          <label className={styles.choice}>
            <input
              type="radio"
              name="mode"
              value="remote"
              checked={form.mode === 'remote'}
              onChange={() => chooseMode('remote')}
            />
            Custom server
          </label>
          {(proxyAvailable || form.mode === 'proxy') && (
            <label className={styles.choice}>
              <input
                type="radio"
                name="mode"
                value="proxy"
                checked={form.mode === 'proxy'}
                onChange={() => chooseMode('proxy')}
              />
              Through this app&apos;s proxy
            </label>
          )}
          {form.mode === 'demo' ? (
            <p className={styles.hint}>
              Realistic ERCOT data generated in this browser. Nothing leaves your device.
            </p>
          ) : form.mode === 'proxy' ? (
            <p className={styles.hint}>
              {proxyAvailable
                ? "Requests go to this app's server, which forwards them to the upstream it was started with: for servers that refuse requests from browsers on other origins."
                : "This app's server has no upstream now; start it with GRIDSCOPE_UPSTREAM=<server URL> npm start."}
            </p>
          ) : (
            <div className={styles.field}>
              <label htmlFor={`${id}-url`}>Base URL</label>
              <input
                id={`${id}-url`}
                type="url"
                inputMode="url"
                autoComplete="url"
                placeholder="https://api.example.com"
                value={form.baseUrl}
                aria-invalid={urlError !== null}
                aria-describedby={urlError === null ? undefined : urlErrorId}
                onChange={(e) => {
                  update({ baseUrl: e.target.value });
                  if (urlError !== null) setUrlError(validateBaseUrl(e.target.value));
                }}
                onBlur={() => {
                  if (form.baseUrl !== '') setUrlError(validateBaseUrl(form.baseUrl));
                }}
              />
              {urlError !== null && (
                <p id={urlErrorId} className={styles.fieldError}>
                  {urlError}
                </p>
              )}
            </div>
          )}
        </fieldset>

        <fieldset className={styles.fieldset}>
          <legend>Authentication</legend>
          <div className={styles.field}>
            <label htmlFor={`${id}-key`}>API key</label>
            <SecretInput
              id={`${id}-key`}
              autoComplete="off"
              spellCheck={false}
              value={form.apiKey}
              aria-describedby={`${id}-key-hint`}
              onChange={(apiKey) => update({ apiKey })}
            />
            <p id={`${id}-key-hint`} className={styles.hint}>
              Sent only in the <code>x-api-key</code> header, never in a link.
            </p>
          </div>
          {form.mode === 'demo' && (
            <div className={styles.demoKeys}>
              <p>Keys of the demo data:</p>
              <table>
                <thead>
                  <tr>
                    <th scope="col">Key</th>
                    <th scope="col">Plan</th>
                  </tr>
                </thead>
                <tbody>
                  {DEMO_KEYS.map(({ key, plan }) => (
                    <tr key={key}>
                      <td>
                        <code>{key}</code>
                      </td>
                      <td>{plan}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <label className={styles.choice}>
            <input
              type="checkbox"
              checked={form.remember}
              onChange={(e) => update({ remember: e.target.checked })}
            />
            Remember key on this device
          </label>
          <p className={styles.hint}>
            {form.remember
              ? 'The key is kept in this browser until you untick this box.'
              : 'The key is kept for this tab only and forgotten when it closes.'}
          </p>
        </fieldset>

        <fieldset className={styles.fieldset}>
          <legend>Requests</legend>
          <div className={styles.field}>
            <label htmlFor={`${id}-timeout`}>Time-out (seconds)</label>
            <input
              id={`${id}-timeout`}
              className={styles.number}
              type="number"
              inputMode="numeric"
              min={MIN_TIMEOUT_SECONDS}
              max={MAX_TIMEOUT_SECONDS}
              step={1}
              value={timeoutText}
              aria-invalid={timeoutError !== null}
              aria-describedby={timeoutError === null ? `${id}-timeout-hint` : timeoutErrorId}
              onChange={(e) => {
                setTimeoutText(e.target.value);
                setSaved(null);
                if (timeoutError !== null) setTimeoutError(validateTimeoutSeconds(e.target.value));
              }}
              onBlur={() => setTimeoutError(validateTimeoutSeconds(timeoutText))}
            />
            {timeoutError !== null && (
              <p id={timeoutErrorId} className={styles.fieldError}>
                {timeoutError}
              </p>
            )}
            <p id={`${id}-timeout-hint`} className={styles.hint}>
              How long to wait for an answer before giving up, from {MIN_TIMEOUT_SECONDS} to{' '}
              {MAX_TIMEOUT_SECONDS} seconds ({DEFAULT_TIMEOUT_SECONDS} by default).
            </p>
          </div>
        </fieldset>

        <div className={styles.actions}>
          <button type="submit" className="primary">
            Save
          </button>
          <button type="button" onClick={onTest} disabled={connectionTest.isPending}>
            Test connection
          </button>
        </div>
        {saved !== null && (
          <p role="status" className={styles.ok}>
            {saved}
          </p>
        )}
        {connectionTest.isPending && <p role="status">Testing the connection…</p>}
        {connectionTest.data && (
          <ConnectionTestResultView
            result={connectionTest.data}
            mode={form.mode}
            proxyAvailable={proxyAvailable}
          />
        )}
      </form>
      <SavedWorkSection />
    </div>
  );
}
