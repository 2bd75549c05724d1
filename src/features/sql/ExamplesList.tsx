import { useMemo } from 'react';
import type { SqlTable } from '@/sql/types';
import { sqlExamples } from './examples';
import styles from './SqlPage.module.css';

interface Props {
  tables: readonly SqlTable[];
  /** Puts the example's SQL in the editor (it does not run it). */
  onPick: (sql: string) => void;
}

/** Example queries written for the tables at hand; one the tables cannot answer says what to load. */
export function ExamplesList({ tables, onPick }: Props) {
  const examples = useMemo(() => sqlExamples(tables), [tables]);
  return (
    <section className={styles.panel} aria-labelledby="sql-examples-heading">
      <h2 id="sql-examples-heading">Examples</h2>
      <ul className={styles.exampleList}>
        {examples.map((example) => {
          const { sql } = example;
          return (
            <li key={example.id} className={styles.example}>
              <h3>{example.title}</h3>
              <p className={styles.hint}>{example.description}</p>
              {sql === null ? (
                <p className={styles.hint}>{example.missing}</p>
              ) : (
                <button type="button" onClick={() => onPick(sql)}>
                  Put “{example.title}” in the editor
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
