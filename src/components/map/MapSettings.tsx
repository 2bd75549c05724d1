import { useId, useState } from 'react';
import styles from './LocationMap.module.css';
import { isUsableTileUrl, useTileUrl } from './basemap/tileUrlSetting';

/** The map's own settings: an optional online tile layer. The bundled basemap needs no internet. */
export function MapSettings() {
  const [stored, setStored] = useTileUrl();
  const [text, setText] = useState(stored);
  const id = useId();
  const invalid = text.trim() !== '' && !isUsableTileUrl(text.trim());
  return (
    <details className={styles.settings}>
      <summary>Map settings</summary>
      <form
        className={styles.settingsForm}
        onSubmit={(event) => {
          event.preventDefault();
          if (!invalid) setStored(text);
        }}
      >
        <label htmlFor={`${id}-tiles`}>Tile URL (optional)</label>
        <input
          id={`${id}-tiles`}
          type="url"
          value={text}
          placeholder="https://tile.example.org/{z}/{x}/{y}.png"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={invalid}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setText(event.target.value)}
        />
        <span id={`${id}-hint`} className={styles.hint}>
          {invalid
            ? 'Use an http(s) address with {z}, {x} and {y}.'
            : 'Off by default: the map draws a bundled outline of Texas and its counties and needs no internet.'}
        </span>
        <div className={styles.settingsButtons}>
          <button type="submit" disabled={invalid}>
            Save
          </button>
          <button
            type="button"
            onClick={() => {
              setText('');
              setStored('');
            }}
          >
            Clear
          </button>
        </div>
      </form>
    </details>
  );
}
