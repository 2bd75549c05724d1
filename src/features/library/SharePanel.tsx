import { useState } from 'react';
import { downloadWorkspaceFile } from '@/workspace/file';
import { MAX_SHARE_LINK, type ShareLink } from '@/workspace/shareLink';
import type { SavedView } from '@/workspace/types';
import styles from './LibraryPage.module.css';

export interface ShareOffer {
  views: SavedView[];
  link: ShareLink;
}

const count = new Intl.NumberFormat('en-US');

/** A share link to copy, or, past the length a link carries reliably, the file instead and why. */
export function SharePanel({ offer, onClose }: { offer: ShareOffer; onClose: () => void }) {
  const [copied, setCopied] = useState<string | null>(null);
  const what =
    offer.views.length === 1 ? `“${offer.views[0]?.name ?? ''}”` : `${String(offer.views.length)} views`;
  const copy = (url: string) => {
    navigator.clipboard.writeText(url).then(
      () => setCopied('Copied. The views travel in the link itself: no server keeps them.'),
      () => setCopied('The browser would not copy: select the link and copy it yourself.'),
    );
  };
  return (
    <section className={styles.sharePanel} aria-label={`Share ${what}`}>
      {offer.link.ok ? (
        <>
          <label htmlFor="library-share-link">Link to {what}</label>
          <div className={styles.actions}>
            <input
              id="library-share-link"
              className={styles.shareInput}
              readOnly
              value={offer.link.url}
              onFocus={(e) => e.target.select()}
            />
            <button type="button" onClick={() => copy(offer.link.ok ? offer.link.url : '')}>
              Copy link
            </button>
          </div>
          <p className={styles.hint}>
            Whoever opens it sees what it holds and chooses whether to add it to their library. It carries no
            key.
          </p>
          {copied !== null && <p role="status">{copied}</p>}
        </>
      ) : (
        <div role="alert">
          <p>
            This set is {count.format(offer.link.length)} characters as a link, past the{' '}
            {count.format(MAX_SHARE_LINK)} a link carries reliably (RFC 9110 recommends support for at least
            that many): export it as a file instead.
          </p>
          <button type="button" onClick={() => downloadWorkspaceFile(offer.views)}>
            Export {what} as a file
          </button>
        </div>
      )}
      <button type="button" onClick={onClose}>
        Close
      </button>
    </section>
  );
}
