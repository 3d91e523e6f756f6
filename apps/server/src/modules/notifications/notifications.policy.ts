/**
 * Who may read and change notifications, and which entries a reader may still see (decision
 * 0035). A notification is its recipient's alone, staff included: another person is told it does
 * not exist. An entry about something the reader may no longer see is left out when read: a
 * video back to a draft (and the comments and likes under it), something of a person either of
 * the two blocks, a comment nobody but its author likes any more, a comment or tweet a moderator
 * hid or that waits for approval (decision 0038). What was deleted takes its
 * entries with it (foreign keys).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Viewer } from '../../platform/auth/roles';
import { comments, likes, tweets, videos } from '../../platform/db/schema';
import { commentsVisibleTo } from '../comments';
import { tweetsVisibleTo } from '../tweets';
import { notFound } from '../../platform/http/errors';
import { blockedBetween } from '../messages';
import { videosVisibleTo, videosWatchableBy } from '../videos';

export { blockedBetween };

export interface PolicyNotification {
  recipientId: string;
}

export function canReadNotification(viewer: Viewer, notification: PolicyNotification): boolean {
  return viewer.userId === notification.recipientId;
}

/** Another person's notification is not there for the viewer. */
export function assertCanReadNotification<N extends PolicyNotification>(
  viewer: Viewer,
  notification: N | null,
): asserts notification is N {
  if (!notification || !canReadNotification(viewer, notification)) throw notFound('Notification');
}

/**
 * The entries (`n`, an alias of `notifications`) this reader may see, as a condition. The video
 * checks are the videos module's own: a new video is told while it is listed
 * (`videosVisibleTo`: not once it is unlisted or private), anything else about a video while the
 * reader may reach it (`videosWatchableBy`: a comment under an unlisted video, say).
 */
export function notificationsVisibleTo(reader: Viewer, n: SQL): SQL {
  // A handled report is the reporter's own news, whatever became of what they reported.
  return sql`(${n}.kind = 'report_handled' or ${visibleEntry(reader, n)})`;
}

function visibleEntry(reader: Viewer, n: SQL): SQL {
  return sql`(${n}.video_id is null or exists (select 1 from ${videos}
      where ${videos.id} = ${n}.video_id and case when ${n}.kind = 'new_video'
        then ${videosVisibleTo(reader)} else ${videosWatchableBy(reader)} end))
    and (${n}.comment_id is null or exists (select 1 from ${comments}
      join ${videos} on ${videos.id} = ${comments.videoId}
      where ${comments.id} = ${n}.comment_id and ${commentsVisibleTo(reader)}))
    and (${n}.tweet_id is null or exists (select 1 from ${tweets}
      where ${tweets.id} = ${n}.tweet_id and ${tweetsVisibleTo(reader.userId)}))
    and not ${blockedBetween(sql`${n}.actor_id`, reader.userId)}
    and (${n}.kind <> 'comment_like' or exists (select 1 from ${likes} l
      where l.comment_id = ${n}.comment_id and l.user_id <> ${n}.recipient_id))`;
}
