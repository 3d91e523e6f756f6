/**
 * How a notification reads, in the app (the bell, the page) and in a push alike: one wording.
 */
import type { Notification, NotificationKind } from './notifications';

/** What each kind is called in the settings. */
export const kindLabels: Record<NotificationKind, string> = {
  new_subscriber: 'New subscribers',
  video_comment: 'Comments on your videos',
  comment_reply: 'Replies to your comments',
  mention: 'Mentions of you',
  comment_like: 'Likes on your comments',
  new_video: 'New videos from channels you follow',
  message_request: 'Message requests',
  request_accepted: 'Accepted message requests',
  report_handled: 'Reports you filed, when handled',
};

/** What a handled report was about, as its entry names it. */
function reportedThing(n: Notification): string {
  if (n.video) return `“${n.video.title}”`;
  if (n.comment) return `a comment by ${n.actor.username}`;
  if (n.tweet) return `a tweet by ${n.actor.username}`;
  if (n.conversationId) return 'a conversation';
  return `${n.actor.username}’s account`;
}

/** A handled report's entry: how it ended. */
function reportSentence(n: Notification): string {
  const thing = reportedThing(n);
  switch (n.reportOutcome) {
    case 'hidden':
      return `Your report was handled: a moderator hid ${thing}`;
    case 'banned':
      return `Your report was handled: a moderator banned ${n.actor.username}`;
    default:
      return `Your report about ${thing} was reviewed: no action was needed`;
  }
}

/** "alice", "alice and 1 other", "alice and 12 others". */
function who(n: Notification): string {
  const name = n.actor.username;
  if (n.othersCount === 0) return name;
  return `${name} and ${n.othersCount} ${n.othersCount === 1 ? 'other' : 'others'}`;
}

/** The sentence an entry reads as (the quoted text beside it is drawn apart). */
export function notificationSentence(n: Notification): string {
  switch (n.kind) {
    case 'new_subscriber':
      return `${who(n)} subscribed to your channel`;
    case 'video_comment':
      return `${who(n)} commented on ${n.video ? `“${n.video.title}”` : 'your video'}`;
    case 'comment_reply':
      return `${who(n)} replied to your comment`;
    case 'mention':
      return n.tweet
        ? `${who(n)} mentioned you in a tweet`
        : `${who(n)} mentioned you in a comment`;
    case 'comment_like':
      return `${who(n)} liked your comment`;
    case 'new_video':
      return `${who(n)} uploaded ${n.video ? `“${n.video.title}”` : 'a new video'}`;
    case 'message_request':
      return `${who(n)} sent you a message request`;
    case 'request_accepted':
      return `${who(n)} accepted your message request`;
    case 'report_handled':
      return reportSentence(n);
  }
}

/** The quoted text under the sentence: the comment or the tweet. */
export function notificationExcerpt(n: Notification): string | null {
  return n.comment?.content ?? n.tweet?.content ?? null;
}

/** Where an entry leads: the thing it is about. */
export function notificationLink(n: Notification): string {
  const channel = `/channel/${encodeURIComponent(n.actor._id)}`;
  switch (n.kind) {
    case 'new_subscriber':
      return channel;
    case 'video_comment':
    case 'comment_reply':
    case 'comment_like':
    case 'mention':
      if (n.video && n.comment) {
        // A reply opens its thread (`thread`) so that the comment it links to is shown.
        const thread = n.comment.parentId
          ? `?thread=${encodeURIComponent(n.comment.parentId)}`
          : '';
        return `/video/${encodeURIComponent(n.video._id)}${thread}#comment-${n.comment._id}`;
      }
      // A tweet is shown on its author’s channel.
      return channel;
    case 'new_video':
      return n.video ? `/video/${encodeURIComponent(n.video._id)}` : channel;
    case 'message_request':
      return '/requests';
    case 'request_accepted':
      return n.conversationId
        ? `/messages/conversations/${encodeURIComponent(n.conversationId)}`
        : '/messages/conversations';
    case 'report_handled':
      if (n.conversationId)
        return `/messages/conversations/${encodeURIComponent(n.conversationId)}`;
      if (n.video && n.comment) {
        return `/video/${encodeURIComponent(n.video._id)}#comment-${n.comment._id}`;
      }
      if (n.video) return `/video/${encodeURIComponent(n.video._id)}`;
      return channel;
  }
}
