import { formatInteger } from '@/lib/format';
import styles from './ExportProgress.module.css';
import {
  cancelExportJob,
  canResumeExportJob,
  dismissExportJob,
  resumeExportJob,
  type ExportJob,
} from '@/api/exports/exportJobs';

const STATUS_TEXT = {
  running: 'Exporting',
  waiting: 'Waiting',
  done: 'Saved',
  cancelled: 'Cancelled',
  failed: 'Failed',
} as const satisfies Record<ExportJob['status'], string>;

function JobLine({ job }: { job: ExportJob }) {
  const active = job.status === 'running' || job.status === 'waiting';
  const max = job.estimate !== null ? Math.max(job.estimate.rows, job.rows) : undefined;
  return (
    <li className={styles.exportJob}>
      <span>
        {STATUS_TEXT[job.status]} {job.filename}: {formatInteger(job.rows)}
        {job.estimate !== null && active
          ? ` of ${job.estimate.kind} ${formatInteger(job.estimate.rows)}`
          : ''}{' '}
        rows, {job.pages} page{job.pages === 1 ? '' : 's'}
        {job.message ? ` — ${job.message}` : ''}
      </span>
      {active && (
        <progress
          aria-label={`Export of ${job.label}`}
          value={max === undefined ? undefined : job.rows}
          max={max}
        />
      )}
      {job.status === 'failed' && canResumeExportJob(job.id) && (
        <button type="button" onClick={() => resumeExportJob(job.id)} aria-label={`Resume ${job.filename}`}>
          Resume
        </button>
      )}
      {active ? (
        <button type="button" onClick={() => cancelExportJob(job.id)}>
          Cancel export
        </button>
      ) : (
        <button type="button" onClick={() => dismissExportJob(job.id)} aria-label={`Dismiss ${job.filename}`}>
          Dismiss
        </button>
      )}
    </li>
  );
}

/** Every export job with its progress (ExportProgress loads it once there is a job). */
export function ExportJobLines({ jobs }: { jobs: readonly ExportJob[] }) {
  return (
    <section aria-label="Exports" className={styles.exports}>
      <ul role="status">
        {jobs.map((job) => (
          <JobLine key={job.id} job={job} />
        ))}
      </ul>
    </section>
  );
}
