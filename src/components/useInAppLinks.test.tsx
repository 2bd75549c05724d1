// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { inAppHref, inAppPathOfClick, useInAppLinks } from './useInAppLinks';

function Links() {
  const ref = useRef<HTMLDivElement>(null);
  useInAppLinks(ref);
  const location = useLocation();
  return (
    <div ref={ref}>
      <p>at {location.pathname + location.search + location.hash}</p>
      <a href={inAppHref('/datasets/ercot_load?x=1#columns')}>
        <span>ERCOT Load</span>
      </a>
      <a href={inAppHref('/usage')} target="_blank" rel="noreferrer">
        Usage in a new tab
      </a>
      <a href={inAppHref('/export.csv')} download>
        A file
      </a>
      <a href="https://example.com/datasets">Elsewhere</a>
    </div>
  );
}

function renderLinks() {
  const router = createMemoryRouter([{ path: '*', element: <Links /> }], { initialEntries: ['/'] });
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
}

/** A click event as the browser dispatches it on `target`, not yet handled by anyone. */
function clickOn(target: Element, init: MouseEventInit = {}): MouseEvent {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
  Object.defineProperty(event, 'target', { value: target });
  return event;
}

describe('useInAppLinks', () => {
  it('opens a plain link to an app page through the router, path, query and hash kept', async () => {
    const { router, user } = renderLinks();
    await user.click(screen.getByText('ERCOT Load'));
    expect(router.state.location.pathname).toBe('/datasets/ercot_load');
    expect(screen.getByText('at /datasets/ercot_load?x=1#columns')).toBeInTheDocument();
  });

  it('opens a link by the keyboard (Enter) the same way', async () => {
    const { router, user } = renderLinks();
    screen.getByRole('link', { name: 'ERCOT Load' }).focus();
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/datasets/ercot_load');
  });

  it('leaves new-tab clicks, targets, downloads and other origins to the browser', () => {
    renderLinks();
    const within = screen.getByText(/^at /).parentElement as HTMLElement;
    const load = screen.getByText('ERCOT Load');
    expect(inAppPathOfClick(clickOn(load), within)).toBe('/datasets/ercot_load?x=1#columns');
    for (const modifier of ['ctrlKey', 'metaKey', 'shiftKey', 'altKey'] as const)
      expect(inAppPathOfClick(clickOn(load, { [modifier]: true }), within)).toBeUndefined();
    expect(inAppPathOfClick(clickOn(load, { button: 1 }), within)).toBeUndefined();
    expect(inAppPathOfClick(clickOn(screen.getByText('Usage in a new tab')), within)).toBeUndefined();
    expect(inAppPathOfClick(clickOn(screen.getByText('A file')), within)).toBeUndefined();
    expect(inAppPathOfClick(clickOn(screen.getByText('Elsewhere')), within)).toBeUndefined();
    const handled = clickOn(load);
    handled.preventDefault();
    expect(inAppPathOfClick(handled, within)).toBeUndefined();
  });

  it('ignores links outside its element', () => {
    renderLinks();
    const outside = document.createElement('a');
    outside.href = inAppHref('/usage');
    document.body.append(outside);
    const within = screen.getByText(/^at /).parentElement as HTMLElement;
    expect(inAppPathOfClick(clickOn(outside), within)).toBeUndefined();
    outside.remove();
  });
});
