import { Suspense, useEffect, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigation } from 'react-router-dom';
import { describeBackend, useConnection } from '@/api/connection';
import { useDemoMockState } from '@/app/demoMockStatus';
import { PageCommitted } from '@/app/pageCommitted';
import { PageFallback } from '@/app/PageFallback';
import { useTheme, type ThemeChoice } from '@/app/theme';
import { ErrorBoundary } from '@/components/ErrorBoundary';
import { ExportProgress } from '@/components/ExportProgress';

/** One line per destination; the nav renders whatever is here. */
export const NAV_ITEMS = [
  { to: '/', label: 'Catalog', end: true },
  { to: '/today', label: 'Today', end: false },
  { to: '/locations', label: 'Map', end: false },
  { to: '/price-map', label: 'Price map', end: false },
  { to: '/compare', label: 'Compare', end: false },
  { to: '/reports/daily-peak', label: 'Peak report', end: false },
  { to: '/sql', label: 'SQL', end: false },
  { to: '/library', label: 'Library', end: false },
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

/** How long a new page may take to show its heading before focus stays on `<main>`. */
const HEADING_WAIT_MS = 5_000;

/**
 * After a client-side navigation, focus would stay on the link that was activated, now gone or
 * off-screen, and a screen reader would hear nothing. So focus moves to the new page's `<main>`,
 * then to its h1 once that renders (lazy pages and data arrive later), and the h1 is announced.
 * Only the path counts: filters that rewrite the query string must not steal focus.
 */
function useFocusOnNavigation(pathname: string): string {
  const [announcement, setAnnouncement] = useState('');
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const main = document.getElementById('main');
    if (main === null) return;
    main.focus({ preventScroll: true });
    window.scrollTo(0, 0);

    const focusHeading = (): boolean => {
      const heading = main.querySelector('h1');
      if (heading === null) return false;
      // The user may have moved on (Tab, a click) while the page loaded; leave their focus alone.
      if (document.activeElement === main) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
      }
      setAnnouncement(heading.textContent);
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(main, { childList: true, subtree: true });
    const timer = window.setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [pathname]);
  return announcement;
}

export function Layout() {
  const location = useLocation();
  const navigation = useNavigation();
  const announcement = useFocusOnNavigation(location.pathname);
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <header className="app-header">
        <div className="app-header__row">
          <NavLink to="/" className="brand" end>
            {/* The favicon's drawing, inline: as an <img> the browser built a second SVG document
                for it on the main thread (~5 ms of the first screen, bench catalog-load). */}
            <svg viewBox="0 0 32 32" width="24" height="24" aria-hidden="true" focusable="false">
              <rect width="32" height="32" rx="6" fill="#0b5cad" />
              <path d="M18 4 8 18h7l-2 10 11-15h-7z" fill="#ffd23f" />
            </svg>
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
          <Suspense fallback={<PageFallback pathname={location.pathname} />}>
            <Outlet />
            <PageCommitted />
          </Suspense>
        </ErrorBoundary>
      </main>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
        {announcement}
      </p>
    </div>
  );
}
