import type { ReactNode } from 'react';
import { Tabs } from '@/components/Tabs';
import styles from './QueryPage.module.css';

const RESULT_TABS = ['Table', 'Chart', 'Export', 'Code'] as const;
export type ResultTab = (typeof RESULT_TABS)[number];

interface Props {
  active: ResultTab;
  onSelect: (tab: ResultTab) => void;
  panel: ReactNode;
}

export function ResultTabs({ active, onSelect, panel }: Props) {
  return (
    <Tabs
      tabs={RESULT_TABS}
      active={active}
      onSelect={onSelect}
      label="Results"
      idPrefix="query"
      panel={panel}
      classNames={{ tablist: styles.tablist, panel: styles.panel }}
    />
  );
}
