import { useId, useState, type SyntheticEvent } from 'react';
import {
  DEMO_API_KEY,
  DEMO_KEYS,
  describeBackend,
  getConnection,
  setConnection,
  validateBaseUrl,
  type Connection,
} from '@/api/connection';
import { SecretInput } from '@/components/SecretInput';
import { ConnectionTestResultView, useConnectionTest } from '@/features/settings/ConnectionTest';
import styles from './SettingsPage.module.css';
import { useDocumentTitle } from '@/lib/useDocumentTitle';

const isDemoKey = (key: string): boolean => DEMO_KEYS.some((k) => k.key === key);

export function SettingsPage() {
  useDocumentTitle('Settings');
  const id = useId();
  const [form, setForm] = useState<Connection>(() => getConnection());
  const [urlError, setUrlError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const connectionTest = useConnectionTest();

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
        apiKey: stored.mode === 'remote' ? stored.apiKey : isDemoKey(form.apiKey) ? '' : form.apiKey,
      });
    }
    setUrlError(null);
    connectionTest.reset();
  };

  /** The form as a connection, or null (with the reason shown) when the address is not usable. */
  const checked = (): Connection | null => {
    if (form.mode === 'remote') {
      const error = validateBaseUrl(form.baseUrl);
      setUrlError(error);
      if (error !== null) return null;
      return { ...form, baseUrl: form.baseUrl.trim().replace(/\/+$/, ''), apiKey: form.apiKey.trim() };
    }
    setUrlError(null);
    return { ...form, apiKey: form.apiKey.trim() };
  };

  const onSave = (event: SyntheticEvent): void => {
    event.preventDefault();
    const next = checked();
    if (next === null) return;
    setConnection(next);
    setForm(next);
    setSaved(`Saved. Now using ${describeBackend(next)}.`);
  };

  const onTest = (): void => {
    const next = checked();
    if (next === null) return;
    connectionTest.mutate(next);
  };

  const urlErrorId = `${id}-url-error`;
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
          {form.mode === 'demo' ? (
            <p className={styles.hint}>
              Realistic ERCOT data generated in this browser. Nothing leaves your device.
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
        {connectionTest.data && <ConnectionTestResultView result={connectionTest.data} />}
      </form>
    </div>
  );
}
