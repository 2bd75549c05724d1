import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import styles from './QueryPage.module.css';

export const RESULT_TABS = ['Table', 'Chart', 'Export', 'Code'] as const;
export type ResultTab = (typeof RESULT_TABS)[number];

interface Props {
  active: ResultTab;
  onSelect: (tab: ResultTab) => void;
  panel: ReactNode;
}

const tabId = (tab: ResultTab) => `query-tab-${tab.toLowerCase()}`;
const panelId = (tab: ResultTab) => `query-panel-${tab.toLowerCase()}`;

/** WAI-ARIA tabs: one tab stop, arrows/Home/End move and select, the panel is labelled by its tab. */
export function ResultTabs({ active, onSelect, panel }: Props) {
  const refs = useRef(new Map<ResultTab, HTMLButtonElement>());
  const onKeyDown = (e: KeyboardEvent) => {
    const i = RESULT_TABS.indexOf(active);
    const moves: Record<string, number> = {
      ArrowRight: i + 1,
      ArrowLeft: i - 1,
      Home: 0,
      End: RESULT_TABS.length - 1,
    };
    const target = moves[e.key];
    if (target === undefined) return;
    e.preventDefault();
    const next = RESULT_TABS[(target + RESULT_TABS.length) % RESULT_TABS.length] ?? active;
    onSelect(next);
    // The tab gets focus where it is: the page never scrolls to it.
    refs.current.get(next)?.focus({ preventScroll: true });
  };
  return (
    <div>
      <div role="tablist" aria-label="Results" className={styles.tablist} onKeyDown={onKeyDown}>
        {RESULT_TABS.map((tab) => (
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
            {tab}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={panelId(active)} aria-labelledby={tabId(active)} className={styles.panel}>
        {panel}
      </div>
    </div>
  );
}
