import { saveBlob } from '@/lib/saveBlob';
import { sidecarFilename } from '@/api/exports/sidecar';
import { computedFormat } from '@/lib/csvWriter';
import { formatDuration, formatInteger, formatNumber } from '@/lib/format';
import { useState } from 'react';
import { CommitInput } from './CommitInput';
import { expressionDecimals, seriesDecimals } from './csvPrecision';
import { describeEmptied, ExpressionError, parseExpression, references, unitOf } from './expression';
import {
  conditionReferences,
  measuredSide,
  parseCondition,
  searchEvents,
  type Condition,
  type EventSearch,
  type SeriesEvent,
} from './events';
import { EVENTS_CSV_FILENAME, eventsCsv, eventsSidecarText } from './eventsCsv';
import { addEventNotes, eventNoteText } from './eventNotes';
import { readActiveView, updateActiveView } from '@/workspace/activeView';
import type { Grid } from './grid';
import type { SeriesResult } from './seriesResult';
import { withoutValues } from './seriesWaiting';
import styles from './ComparePage.module.css';

interface Props {
  grid: Grid;
  series: readonly SeriesResult[];
  condition: string;
  onCondition: (text: string) => void;
  /** Zooms the chart to an event. */
  onShow: (event: SeriesEvent) => void;
  formatTime: (ms: number) => string;
}

const ERROR_ID = 'compare-events-error';
const SHOWN = 200;

/** A column of the left-hand side's figures, named for it: `Peak of B ($/MWh)`. */
const measure = (what: string, { parsed, unit }: { parsed: Condition; unit: string | null }): string =>
  `${what} of ${measuredSide(parsed)}${unit ? ` (${unit})` : ''}`;

type Checked =
  | { kind: 'none' }
  | { kind: 'error'; message: string }
  | { kind: 'valid'; parsed: Condition; unit: string | null };

type Found =
  | Exclude<Checked, { kind: 'valid' }>
  | { kind: 'waiting' }
  /** A series the condition reads has no values, and will not have any: no interval can be checked. */
  | { kind: 'unchecked'; message: string }
  | ({ kind: 'events'; unit: string | null; parsed: Condition } & EventSearch);

/** Whether `text` is a condition on the workspace's series: checked as it is typed, before it is applied. */
function checkCondition(text: string, series: readonly SeriesResult[]): Checked {
  if (text.trim() === '') return { kind: 'none' };
  try {
    const parsed = parseCondition(text);
    const units = new Map(series.map((s) => [s.spec.key as string, s.unit]));
    for (const ref of conditionReferences(parsed))
      if (!units.has(ref)) return { kind: 'error', message: `There is no series ${ref}.` };
    return { kind: 'valid', parsed, unit: unitOf(parsed.left, units) };
  } catch (e) {
    return { kind: 'error', message: e instanceof ExpressionError ? e.message : String(e) };
  }
}

const hasValue = (values: Float64Array): boolean => values.some((v) => !Number.isNaN(v));

/** Why a series with values over none of the range has none, when the page knows: ` (it reads A, which has none)`. */
function because(s: SeriesResult, byKey: ReadonlyMap<string, SeriesResult>): string {
  if (s.spec.kind === 'data') return '';
  const empty = dataSources(s, byKey).filter((d) => d.values !== null && !hasValue(d.values));
  if (empty.length > 0) {
    const keys = empty.map((d) => d.spec.key);
    return ` (it reads ${keys.join(', ')}, which ${keys.length === 1 ? 'has' : 'have'} none)`;
  }
  const emptied = s.emptied && describeEmptied(s.spec.expr, s.emptied);
  return emptied ? ` (${emptied})` : '';
}

/** The data series `s` reads (itself for a data series), through derived series that read each other. */
function dataSources(
  s: SeriesResult,
  byKey: ReadonlyMap<string, SeriesResult>,
  seen: Set<string> = new Set(),
): SeriesResult[] {
  if (seen.has(s.spec.key)) return [];
  seen.add(s.spec.key);
  if (s.spec.kind === 'data') return [s];
  let refs: string[];
  try {
    refs = [...references(parseExpression(s.spec.expr))];
  } catch {
    return [];
  }
  return refs.flatMap((r) => {
    const ref = byKey.get(r);
    return ref ? dataSources(ref, byKey, seen) : [];
  });
}

/**
 * Why the condition cannot be checked at all, when a series it reads has no values over the range
 * and will not have any (its data is empty there, or its request was stopped); null when it can be,
 * or its series are still on their way. "No interval meets the condition" would read as calm data.
 */
function uncheckedBecause(refs: readonly string[], series: readonly SeriesResult[]): Found | null {
  const byKey = new Map(series.map((s) => [s.spec.key as string, s]));
  const blank = refs.flatMap((r) => {
    const s = byKey.get(r);
    return s && (s.values === null || !hasValue(s.values)) ? [s] : [];
  });
  if (blank.length === 0) return null;
  const pending = blank.filter((s) => s.values === null);
  // Stopped by the user (or reading a series that was): it waits for a click, not for the server.
  const stopped = [...new Set(pending.flatMap((s) => dataSources(s, byKey)))].filter(
    (s) => s.values === null && s.cancelled,
  );
  if (pending.length > 0 && stopped.length === 0) return { kind: 'waiting' };
  const sentences = blank
    .filter((s) => s.values !== null)
    .map((s) => `${s.spec.key} has no values in this range${because(s, byKey)}.`);
  if (stopped.length > 0) sentences.push(`Without values: ${withoutValues(stopped)}.`);
  sentences.push('No interval can be checked against the condition.');
  return { kind: 'unchecked', message: sentences.join(' ') };
}

/** Every run of intervals where a condition holds, merged across adjacent intervals. */
export function EventsPanel({ grid, series, condition, onCondition, onShow, formatTime }: Props) {
  const found = ((): Found => {
    const checked = checkCondition(condition, series);
    if (checked.kind !== 'valid') return checked;
    const { parsed, unit } = checked;
    const refs = [...conditionReferences(parsed)];
    // A series that cannot have values (a bad definition, an unknown location) is no reason to wait.
    const failed = refs.find((r) => series.find((s) => s.spec.key === r)?.error);
    if (failed !== undefined) return { kind: 'error', message: `Series ${failed} has an error.` };
    const unchecked = uncheckedBecause(refs, series);
    if (unchecked !== null) return unchecked;
    const values = new Map<string, Float64Array>();
    for (const s of series) if (s.values) values.set(s.spec.key, s.values);
    return { kind: 'events', ...searchEvents(parsed, values, grid), unit, parsed };
  })();
  // The condition as it is typed, over the one it would replace (a new one from the URL makes it stale).
  const [typed, setTyped] = useState({ text: condition, over: condition });
  const editing = typed.over === condition && typed.text.trim() !== condition ? typed.text.trim() : null;
  const editingProblem = editing === null ? null : checkCondition(editing, series);
  const draftError = editingProblem?.kind === 'error' ? editingProblem.message : null;
  const error = draftError ?? (found.kind === 'error' ? found.message : null);

  // The condition and what its letters stand for go into the sidecar, so that the CSV is a plain table.
  const exportCsv = ({ events, unit, parsed }: Extract<Found, { kind: 'events' }>) => {
    // Peak and mean at the precision of the left-hand side's data (read here, on the click: it walks every value).
    const decimals = seriesDecimals(series);
    const values = computedFormat(expressionDecimals(parsed.left, (key) => decimals.get(key) ?? null));
    saveBlob(new Blob([eventsCsv(events, formatTime, values)], { type: 'text/csv' }), EVENTS_CSV_FILENAME);
    const labels = Object.fromEntries(
      series.map((s) => [s.spec.key, `${s.label}${s.unit ? ` (${s.unit})` : ''}`]),
    );
    const sidecar = { condition, unit, series: labels, grid, events: events.length, values };
    saveBlob(
      new Blob([eventsSidecarText(sidecar, new Date())], { type: 'application/json' }),
      sidecarFilename(EVENTS_CSV_FILENAME),
    );
  };

  // What "Add events as notes" did last, said until the events change.
  const [noted, setNoted] = useState<{ over: string; message: string } | null>(null);
  const addAsNotes = ({ events, unit, parsed }: Extract<Found, { kind: 'events' }>) => {
    const { notes, added } = addEventNotes(
      readActiveView('compare').annotations,
      events,
      (e) => eventNoteText(e, parsed, unit, formatTime),
      () => crypto.randomUUID(),
    );
    updateActiveView('compare', { annotations: notes });
    const skipped = events.length - added;
    const message =
      added === 0
        ? `All ${formatInteger(events.length)} events are already notes.`
        : `Added ${formatInteger(added)} event${added === 1 ? '' : 's'} as notes${
            skipped > 0 ? `; ${formatInteger(skipped)} already were` : ''
          }. They are listed under Notes beneath the chart.`;
    setNoted({ over: condition, message });
  };

  return (
    <section className={styles.panel} aria-labelledby="compare-events">
      <h2 id="compare-events">Events</h2>
      <div className={styles.controls}>
        <label className={styles.field}>
          Condition
          <CommitInput
            value={condition}
            live
            placeholder="A > 1000"
            spellCheck={false}
            className={styles.expression}
            aria-describedby={error !== null ? ERROR_ID : 'compare-events-help'}
            aria-invalid={error !== null ? true : undefined}
            onDraft={(text) => setTyped({ text, over: condition })}
            // Only a valid condition replaces the one listed; an invalid one stays in the field, said why.
            onCommit={(text) => {
              if (checkCondition(text, series).kind !== 'error') onCondition(text);
            }}
          />
        </label>
        {found.kind === 'events' && found.events.length > 0 && (
          <>
            <button type="button" onClick={() => exportCsv(found)}>
              Export events as CSV
            </button>
            <button type="button" onClick={() => addAsNotes(found)}>
              Add events as notes
            </button>
          </>
        )}
      </div>
      <p className={styles.muted} role="status">
        {noted !== null && noted.over === condition ? noted.message : ''}
      </p>
      <p id="compare-events-help" className={styles.muted}>
        Compare a series with a number or another series: <code>A &gt; 1000</code>, <code>C &lt; -50</code>,{' '}
        <code>A &gt; B</code>, <code>A - B &gt;= 20</code>.
      </p>
      {error !== null && (
        <p id={ERROR_ID} className={styles.fieldError} role="alert">
          {error}
        </p>
      )}
      {editing !== null && (
        <p className={styles.muted} role="status">
          {condition.trim() === ''
            ? `“${editing}” is not applied yet.`
            : `“${editing}” is not applied yet; the events listed are those of “${condition}”.`}
        </p>
      )}
      {found.kind === 'waiting' && <p className={styles.muted}>Waiting for the series…</p>}
      {found.kind === 'unchecked' && (
        <p className={styles.muted} role="status">
          {found.message}
        </p>
      )}
      {found.kind === 'events' && (
        <>
          <p className={styles.muted} role="status">
            {found.events.length === 0
              ? found.unknown > 0
                ? `No interval of the ${formatInteger(found.intervals - found.unknown)} it could check meets the condition.`
                : 'No interval meets the condition.'
              : `${formatInteger(found.events.length)} event${found.events.length === 1 ? '' : 's'}, ${formatInteger(
                  found.events.reduce((n, e) => n + e.intervals, 0),
                )} intervals in all.`}
            {found.events.length > SHOWN && ` The first ${SHOWN} are listed; the CSV has all.`}
            {found.unknown > 0 &&
              ` ${formatInteger(found.unknown)} of ${formatInteger(found.intervals)} intervals have no value on one side of it, so it is unknown there.`}
          </p>
          {found.emptied.map((text) => (
            <p key={text} className={styles.muted}>
              {text}: the condition is unknown there.
            </p>
          ))}
          {found.events.length > 0 && (
            <div className={styles.tableScroll} tabIndex={0} role="region" aria-label="Events table">
              <table className={styles.table}>
                <caption className="visually-hidden">Events where {condition}</caption>
                <thead>
                  <tr>
                    <th scope="col">Start</th>
                    <th scope="col">End</th>
                    <th scope="col">Duration</th>
                    <th scope="col">{measure('Peak', found)}</th>
                    <th scope="col">{measure('Mean', found)}</th>
                  </tr>
                </thead>
                <tbody>
                  {found.events.slice(0, SHOWN).map((e) => (
                    <tr key={e.start}>
                      <td>
                        <button type="button" className={styles.linkButton} onClick={() => onShow(e)}>
                          {formatTime(e.start)}
                        </button>
                      </td>
                      <td>{formatTime(e.end)}</td>
                      <td>{formatDuration(e.durationMs)}</td>
                      <td>{formatNumber(e.peak)}</td>
                      <td>{formatNumber(e.mean)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
