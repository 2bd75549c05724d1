import { getExportJobs, subscribeExportJobs, type ExportJob } from '@/api/exports/exportJobList';

/** Resolves with the job once it has stopped (done, failed or cancelled). */
export function exportJobStopped(id: number): Promise<ExportJob> {
  return new Promise((resolve) => {
    const check = () => {
      const job = getExportJobs().find((j) => j.id === id);
      if (job && job.status !== 'running' && job.status !== 'waiting') {
        unsubscribe();
        resolve(job);
      }
    };
    const unsubscribe = subscribeExportJobs(check);
    check();
  });
}
