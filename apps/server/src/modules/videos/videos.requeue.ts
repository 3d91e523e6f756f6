import { inArray } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { videos } from '../../platform/db/schema';
import type { JobQueue } from '../../platform/queue/job-queue';
import { processVideoJob } from './videos.jobs';

/**
 * Queues again the processing of every video not processed yet. A backup or a move copies the
 * rows, not the job queue: a video caught mid-transcode would otherwise wait forever.
 */
export async function requeueUnfinishedVideos(db: Database, queue: JobQueue): Promise<number> {
  await queue.declare(processVideoJob);
  const unfinished = await db
    .select({ id: videos.id })
    .from(videos)
    .where(inArray(videos.status, ['uploaded', 'processing']));
  for (const video of unfinished) await queue.send(processVideoJob, { videoId: video.id });
  return unfinished.length;
}
