import styles from './SqlHeading.module.css';

/**
 * The SQL page's heading: the page's own, and what a link to it paints while the page's code (the
 * editor's, about 150 kB) is on its way (app/PageFallback.tsx), so that its largest text is on
 * screen at the first paint and the page takes its place without moving it.
 */
export function SqlHeading() {
  return (
    <>
      <h1>SQL</h1>
      <p className={styles.intro}>
        Ask your own questions of the results fetched here: each is a table that DuckDB reads in this page,
        offline, and the answer goes to the same table, chart and exports as any query.
      </p>
    </>
  );
}
