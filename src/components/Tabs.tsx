import { useRef, type KeyboardEvent, type ReactNode } from 'react';

interface Props<T extends string> {
  tabs: readonly T[];
  active: T;
  onSelect: (tab: T) => void;
  /** Names the tab list for assistive technology. */
  label: string;
  /** Prefix of the tabs' and panel's ids, unique on the page. */
  idPrefix: string;
  panel: ReactNode;
  /** Text of a tab when it is not the tab's value. */
  title?: (tab: T) => string;
  classNames?: { tablist?: string; panel?: string };
}

/** WAI-ARIA tabs: one tab stop, arrows/Home/End move and select, the panel is labelled by its tab. */
export function Tabs<T extends string>({
  tabs,
  active,
  onSelect,
  label,
  idPrefix,
  panel,
  title = (tab) => tab,
  classNames = {},
}: Props<T>) {
  const refs = useRef(new Map<T, HTMLButtonElement>());
  const tabId = (tab: T) => `${idPrefix}-tab-${tab.toLowerCase()}`;
  const panelId = (tab: T) => `${idPrefix}-panel-${tab.toLowerCase()}`;
  const onKeyDown = (e: KeyboardEvent) => {
    const i = tabs.indexOf(active);
    const moves: Record<string, number> = {
      ArrowRight: i + 1,
      ArrowLeft: i - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = moves[e.key];
    if (target === undefined) return;
    e.preventDefault();
    const next = tabs[(target + tabs.length) % tabs.length] ?? active;
    onSelect(next);
    // The tab gets focus where it is: the page never scrolls to it.
    refs.current.get(next)?.focus({ preventScroll: true });
  };
  return (
    <div>
      <div role="tablist" aria-label={label} className={classNames.tablist} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab}
            ref={(el) => {
              if (el) refs.current.set(tab, el);
              else refs.current.delete(tab);
            }}
            type="button"
            role="tab"
            id={tabId(tab)}
            aria-selected={tab === active}
            aria-controls={panelId(tab)}
            tabIndex={tab === active ? 0 : -1}
            onClick={() => onSelect(tab)}
          >
            {title(tab)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={panelId(active)} aria-labelledby={tabId(active)} className={classNames.panel}>
        {panel}
      </div>
    </div>
  );
}
