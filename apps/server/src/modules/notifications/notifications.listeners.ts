/**
 * What each domain event means to notifications (decision 0035). Listeners of this process's
 * events only (`on`): each event is made into entries once, by the process that committed it.
 * They run after the commit and never fail the call that emitted it; a new video's followers
 * are told by jobs (`notifications.jobs.ts`), so the upload's answer does not wait for them.
 */
import type { DomainEvents } from '../../platform/events/domain-events';
import type { NotificationsService } from './notifications.service';

export function listenForNotifications(
  events: DomainEvents,
  notifications: NotificationsService,
): () => void {
  const stops = [
    events.on('subscription.changed', ({ subscriberId, channelId, isSubscribed }) =>
      isSubscribed
        ? notifications.notifyNewSubscriber({ subscriberId, channelId })
        : notifications.forgetSubscriber({ subscriberId, channelId }),
    ),
    events.on('comment.created', ({ commentId, reply }) =>
      reply
        ? notifications.notifyReply({ commentId, repliedToId: reply.repliedToId })
        : notifications.notifyComment({ commentId }),
    ),
    events.on('comment.updated', ({ commentId }) =>
      notifications.notifyCommentMentions({ commentId }),
    ),
    events.on('tweet.created', (tweet) => notifications.notifyTweetMentions(tweet)),
    events.on('tweet.updated', (tweet) => notifications.notifyTweetMentions(tweet)),
    events.on('like.toggled', ({ target, targetId, userId, isLiked }) => {
      if (target !== 'comment') return;
      return isLiked
        ? notifications.notifyCommentLike({ commentId: targetId, userId })
        : notifications.forgetCommentLike({ commentId: targetId });
    }),
    // Followers hear of a video when it becomes public: at once, or when it is published
    // later (by its owner or its schedule). Unlisted and private ones queue nothing.
    events.on('video.created', ({ videoId, ownerId, isPublished }) =>
      isPublished ? notifications.startVideoFanOut({ videoId, ownerId }) : undefined,
    ),
    events.on('video.published', ({ videoId, ownerId, isPublished }) =>
      isPublished ? notifications.startVideoFanOut({ videoId, ownerId }) : undefined,
    ),
    events.on('messageRequest.created', ({ request, receiverId }) =>
      notifications.notifyMessageRequest({
        requestId: request._id,
        senderId: request.sender._id,
        receiverId,
      }),
    ),
    events.on('messageRequest.accepted', (accepted) =>
      notifications.notifyRequestAccepted(accepted),
    ),
    // A block hides what either did from the other's entries; lifted, shows it again.
    events.on('user.blocked', ({ blockerId, blockedId }) =>
      notifications.recount([blockerId, blockedId]),
    ),
    events.on('user.unblocked', ({ blockerId, blockedId }) =>
      notifications.recount([blockerId, blockedId]),
    ),
    events.on('reports.handled', ({ reports }) => notifications.notifyReportsHandled(reports)),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
