import type { ReactNode } from 'react';
import type { UnknownName } from '@/lib/nearestNames';
import styles from './UnknownNames.module.css';

interface Props {
  /** For the field's `aria-describedby`. */
  id: string;
  /** What one name is called: `location`, `location type`. */
  noun: string;
  /** From `unknownNames` (lib/nearestNames): the typed names that are not known, with the nearest known ones. */
  unknown: readonly UnknownName[];
  /** Puts `known` in the place of `typed`, as the user's own edit would. */
  onUse: (typed: string, known: string) => void;
  /** An error (the name is in use and something failed for it) rather than a hint while typing. */
  error?: boolean;
  /** Said after the names: what does not happen because of them. */
  children?: ReactNode;
}

/**
 * The one way a typed name the app does not know is reported, in every view that takes names:
 * beside the field, as it is typed, each unknown name with the nearest known ones as buttons that
 * fix it in one click. Nothing when every name is known. The known names come from the caller,
 * so this stays free of any registry.
 */
export function UnknownNames({ id, noun, unknown, onUse, error = false, children }: Props) {
  if (unknown.length === 0) return null;
  return (
    <div
      id={id}
      className={error ? `${styles.message} ${styles.error}` : styles.message}
      role={error ? 'alert' : 'status'}
    >
      {unknown.map(({ value, suggestions }) => (
        <p key={value}>
          No {noun} named “{value}”.
          {suggestions.length > 0 ? ' Did you mean ' : ` No known ${noun} is close.`}
          {suggestions.map((s, i) => (
            <span key={s}>
              {i > 0 ? ', ' : ''}
              <button
                type="button"
                className={styles.use}
                aria-label={`Use ${s} instead of ${value}`}
                onClick={() => onUse(value, s)}
              >
                {s}
              </button>
            </span>
          ))}
          {suggestions.length > 0 ? '?' : ''}
        </p>
      ))}
      {children}
    </div>
  );
}
