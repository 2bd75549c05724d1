import { linkSettingsText, type UnreadSetting } from '@/lib/linkSettings';
import styles from './LinkSettingsNotice.module.css';

/**
 * The one notice every page shows for the settings of its link it could not read (worded by
 * `linkSettingsText`), so a shared link that half-worked says so in the same words everywhere.
 */
export function LinkSettingsNotice({ unread }: { unread: readonly UnreadSetting[] }) {
  const text = linkSettingsText(unread);
  if (text === null) return null;
  return (
    <p role="status" className={styles.notice}>
      {text}
    </p>
  );
}
