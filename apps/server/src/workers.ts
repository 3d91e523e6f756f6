import type { Config } from './platform/config/config';
import { defineJob, type JobQueue } from './platform/queue/job-queue';
import type { Storage } from './platform/storage/storage';
import { deleteFiles, deleteFilesJob, processVideoJob } from './modules/videos';
import type { Services } from './services';

const cleanUploadsJob = defineJob<object>({
  name: 'uploads-clean-abandoned',
  retryLimit: 1,
  retryDelaySeconds: 60,
  retryBackoff: false,
  expireInSeconds: 600,
});

const refreshTrendingJob = defineJob<object>({
  name: 'videos-refresh-trending',
  retryLimit: 1,
  retryDelaySeconds: 60,
  retryBackoff: false,
  expireInSeconds: 600,
});

const allJobs = [processVideoJob, deleteFilesJob, cleanUploadsJob, refreshTrendingJob];

/** Declares every queue; API processes need this to send, workers to work. */
export async function declareQueues(queue: JobQueue): Promise<void> {
  for (const job of allJobs) await queue.declare(job);
}

/** Starts the job handlers of the `worker` role (and of `all`, the embedded default). */
export async function startWorkers(deps: {
  queue: JobQueue;
  services: Services;
  storage: Storage;
  config: Config;
  /** The embedded profile is the only worker there is: what was active died with the last process. */
  soleWorker: boolean;
}): Promise<void> {
  const { queue, services, storage } = deps;
  if (deps.soleWorker) {
    for (const job of allJobs) await queue.requeueInterrupted(job);
  }
  await queue.work(
    processVideoJob,
    (data, context) => services.videoProcessor.process(data, context),
    {
      concurrency: 1,
    },
  );
  await queue.work(deleteFilesJob, (files) => deleteFiles(storage, files));
  await queue.work(cleanUploadsJob, async () => {
    await services.uploads.deleteAbandonedUploads({ olderThanSeconds: 24 * 3600 });
  });
  await queue.schedule(cleanUploadsJob, '17 * * * *');
  await queue.work(refreshTrendingJob, async () => {
    await services.videos.refreshTrending();
  });
  // Views leave the 7-day trending window within ten minutes of turning 7 days old.
  await queue.schedule(refreshTrendingJob, '*/10 * * * *');
}
