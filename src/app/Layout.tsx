import { Suspense } from 'react';
import { NavLink, Outlet, useLocation, useNavigation } from 'react-router-dom';
import { describeBackend, useConnection } from '@/api/connection';
import { useDemoMockState } from '@/app/demoMockStatus';
import { useTheme, type ThemeChoice } from '@/app/theme';
import { ErrorBoundary } from '@/components/ErrorBoundary';
import { Loading } from '@/components/Loading';
import { ExportProgress } from '@/features/query/ExportProgress';

/** One line per destination; the nav renders whatever is here. */
export const NAV_ITEMS = [
  { to: '/', label: 'Catalog', end: true },
  { to: '/locations', label: 'Map', end: false },
  { to: '/reports/daily-peak', label: 'Peak report', end: false },
  { to: '/usage', label: 'Usage', end: false },
  { to: '/settings', label: 'Settings', end: false },
] as const satisfies readonly { to: string; label: string; end: boolean }[];

const THEME_LABELS: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };
const THEME_ICONS: Record<ThemeChoice, string> = { system: '◐', light: '☀', dark: '☾' };

function BackendStatus() {
  const connection = useConnection();
  const mock = useDemoMockState();
  const failed = connection.mode === 'demo' && mock.state === 'failed' ? mock : null;
  return (
    <p role="status" className={failed ? 'status-line status-line--error' : 'status-line'}>
      Backend: {describeBackend(connection)}
      {failed && <span> — the built-in demo data could not start: {failed.message}</span>}
    </p>
  );
}

function ThemeSwitch() {
  const { choice, cycle } = useTheme();
  return (
    <button
      type="button"
      className="theme-switch"
      aria-label="Theme"
      title={`Theme: ${THEME_LABELS[choice]}. Click to change.`}
      data-choice={choice}
      onClick={cycle}
    >
      <span aria-hidden="true">{THEME_ICONS[choice]}</span>
      <span aria-hidden="true" className="theme-switch__label">
        {THEME_LABELS[choice]}
      </span>
    </button>
  );
}

export function Layout() {
  const location = useLocation();
  const navigation = useNavigation();
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <header className="app-header">
        <div className="app-header__row">
          <NavLink to="/" className="brand" end>
            <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" width="24" height="24" />
            GridScope
          </NavLink>
          <nav aria-label="Main" className="main-nav">
            <ul>
              {NAV_ITEMS.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.end}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <ThemeSwitch />
        </div>
        <BackendStatus />
        <ExportProgress />
      </header>
      <main id="main" tabIndex={-1} aria-busy={navigation.state === 'loading'}>
        {/* Keyed by path: leaving a broken page gives the next one a fresh boundary. */}
        <ErrorBoundary key={location.pathname}>
          <Suspense fallback={<Loading label="Loading page…" />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
    </div>
  );
}
