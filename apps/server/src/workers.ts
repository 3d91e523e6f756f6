import type { Config } from './platform/config/config';
import { removeLeftovers } from './platform/files/leftovers';
import { defineJob, type JobQueue } from './platform/queue/job-queue';
import type { Storage } from './platform/storage/storage';
import { fanOutVideoJob } from './modules/notifications';
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

/** Makes public the scheduled videos whose time has come (decision 0039). Idempotent. */
const publishScheduledJob = defineJob<object>({
  name: 'videos-publish-scheduled',
  retryLimit: 1,
  retryDelaySeconds: 30,
  retryBackoff: false,
  expireInSeconds: 120,
});

const cleanLeftoversJob = defineJob<object>({
  name: 'files-clean-crash-leftovers',
  retryLimit: 1,
  retryDelaySeconds: 60,
  retryBackoff: false,
  expireInSeconds: 600,
});

const allJobs = [
  processVideoJob,
  fanOutVideoJob,
  deleteFilesJob,
  cleanUploadsJob,
  refreshTrendingJob,
  publishScheduledJob,
  cleanLeftoversJob,
];

/**
 * Files untouched this long that no request or job of this process uses are taken for what a
 * killed process left (a transcode writes its folder every few seconds, an upload its file).
 */
export const leftoverAgeSeconds = 6 * 3600;

/**
 * Removes what a process killed mid-work left on disk: transcode work folders
 * (`DATA_DIR/work/video-*`) and partial whole-file uploads (`*.incoming`). Chunked uploads'
 * `.part` files belong to their sessions, which expire on their own schedule.
 */
export async function cleanCrashLeftovers(deps: {
  services: Services;
  olderThanSeconds: number;
}): Promise<string[]> {
  const { uploads, videoProcessor } = deps.services;
  return removeLeftovers({
    olderThanMs: deps.olderThanSeconds * 1000,
    rules: [
      {
        dir: videoProcessor.workDir,
        matches: (name) => name.startsWith('video-'),
        isInUse: (entry) => videoProcessor.isWorkFolderInUse(entry),
      },
      {
        dir: uploads.uploadsDir,
        matches: (name) => name.endsWith('.incoming'),
        isInUse: (entry) => uploads.isFileInUse(entry),
      },
    ],
  });
}

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
  // At start, and hourly after. The sole worker (the embedded profile, whose database one
  // process alone can open) knows nothing else runs: whatever it does not use is left over.
  await cleanCrashLeftovers({
    services,
    olderThanSeconds: deps.soleWorker ? 0 : leftoverAgeSeconds,
  });
  await queue.work(cleanLeftoversJob, async () => {
    await cleanCrashLeftovers({ services, olderThanSeconds: leftoverAgeSeconds });
  });
  await queue.schedule(cleanLeftoversJob, '41 * * * *');
  await queue.work(
    processVideoJob,
    (data, context) => services.videoProcessor.process(data, context),
    {
      concurrency: 1,
    },
  );
  await queue.work(deleteFilesJob, (files) => deleteFiles(storage, files));
  // A new video's followers, a batch per job (decision 0035); beside transcodes, not behind them.
  await queue.work(fanOutVideoJob, (batch) => services.notifications.fanOutVideoBatch(batch), {
    concurrency: 2,
  });
  await queue.work(cleanUploadsJob, async () => {
    await services.uploads.deleteAbandonedUploads({ olderThanSeconds: 24 * 3600 });
  });
  await queue.schedule(cleanUploadsJob, '17 * * * *');
  await queue.work(refreshTrendingJob, async () => {
    await services.videos.refreshTrending();
  });
  // Views leave the 7-day trending window within ten minutes of turning 7 days old.
  await queue.schedule(refreshTrendingJob, '*/10 * * * *');
  await queue.work(publishScheduledJob, async () => {
    await services.videos.publishScheduled();
  });
  // A scheduled video goes public within the minute its time comes.
  await queue.schedule(publishScheduledJob, '* * * * *');
}
