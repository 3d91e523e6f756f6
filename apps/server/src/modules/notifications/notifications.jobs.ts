import { defineJob } from '../../platform/queue/job-queue';
import type { FanOutBatch } from './notifications.service';

/**
 * One batch of a new video's fan-out to its channel's followers; each queues the next. A batch
 * is one INSERT…SELECT that skips entries already made, so a retry or a crash in the middle
 * tells nobody twice.
 */
export const fanOutVideoJob = defineJob<FanOutBatch>({
  name: 'notifications-fan-out-video',
  retryLimit: 5,
  retryDelaySeconds: 10,
  retryBackoff: true,
  expireInSeconds: 300,
});
