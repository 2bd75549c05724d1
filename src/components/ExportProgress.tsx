import { lazy, Suspense } from 'react';
import { useExportJobs } from '@/api/exports/exportJobList';

/**
 * The lines and buttons of the export jobs, and the code that runs them: loaded with the first
 * export (the query page has them already then), not with every page's first screen.
 */
const ExportJobLines = lazy(() => import('./ExportJobLines').then((m) => ({ default: m.ExportJobLines })));

/** Every export job with its progress; the layout can show it on any page. */
export function ExportProgress() {
  const jobs = useExportJobs();
  if (jobs.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ExportJobLines jobs={jobs} />
    </Suspense>
  );
}
