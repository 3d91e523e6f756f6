/**
 * What a kept answer shows, and what each change makes stale (decision 0025). A route tags its
 * answer with the things it shows (`RouteSpec.shows`); a change event drops exactly the kept
 * answers tagged with what it changed, in this process and, through the event relay, in every
 * other. An answer whose route tags nothing is not kept at all, so a forgotten tag costs speed,
 * never a stale page.
 *
 * Counters shown in listings (views, likes, comments, subscribers on a home card) may trail by
 * the kept answers' lifetime, as view counts always have; the page of the thing itself (the
 * video, the channel) drops at once, so the person who acted sees the new number there.
 */
import type { ChangeEventName, DomainEventMap, DomainEvents } from '../events/domain-events';

export const shows = {
  /** The video's own fields (title, thumbnail, media, whether it is public), wherever shown. */
  video: (id: string) => `video:${id}`,
  /** Its likes and comments counts, on its own page. */
  videoCounts: (id: string) => `video-counts:${id}`,
  /** Which public videos there are: listings a new or withdrawn video enters or leaves. */
  videoListings: 'video-listings',
  /** Listings chosen by text (search): an edited title may enter them. */
  videoSearch: 'video-search',
  /** Searches that list channels: a new account, or a new name, may enter them. */
  channelSearch: 'channel-search',
  /** A channel's own list of videos. */
  channelVideos: (ownerId: string) => `channel-videos:${ownerId}`,
  /** A person's name, username and pictures, wherever shown. */
  person: (id: string) => `person:${id}`,
  /** A channel's page: its counters and whether the reader subscribes. */
  channel: (id: string) => `channel:${id}`,
  /** A channel's subscriber count and whether the reader subscribes, beside its videos. */
  subscribers: (id: string) => `subscribers:${id}`,
  comments: (videoId: string) => `comments:${videoId}`,
  /** A person's list of tweets. */
  tweets: (authorId: string) => `tweets:${authorId}`,
  tweet: (id: string) => `tweet:${id}`,
  /** Every reader's feed of the videos of the channels they follow. */
  followedVideos: 'followed-videos',
  /** A playlist's own fields and the order of its videos. */
  playlist: (id: string) => `playlist:${id}`,
  /** A person's watch history. */
  history: (userId: string) => `history:${userId}`,
  /**
   * Everyone's watch history, for what brings a video back into its watchers' sight (published
   * again, restored by a moderator): a history leaves out what it may not show, so no tag of
   * a kept history names it.
   */
  historyInSight: 'history-in-sight',
  /** A person's notifications: their entries, read or not (decision 0035). */
  notifications: (userId: string) => `notifications:${userId}`,
  /**
   * Everyone's notifications, for what brings an entry back into its reader's sight (a video
   * published again, a comment approved or restored): such an entry is in no kept list's tags.
   */
  notificationsInSight: 'notifications-in-sight',
  /** One person's own answers (kept for them alone): their feeds. */
  reader: (id: string) => `reader:${id}`,
} as const;

type Drops = { [N in ChangeEventName]: (change: DomainEventMap[N]) => string[] };

/**
 * A video entering or leaving the public ones: every listing that could hold it, and the totals
 * they answer (`totalVideos`), its channel's page and the followers' feeds.
 */
const membershipOf = (videoId: string, ownerId: string) => [
  shows.video(videoId),
  shows.videoListings,
  shows.videoSearch,
  shows.channelVideos(ownerId),
  shows.channel(ownerId),
  shows.followedVideos,
];

/** What each change makes stale. */
export const dropsOf: Drops = {
  // A new video is public at once (its owner may take it back to a draft): listings change.
  'video.created': ({ videoId, ownerId }) => membershipOf(videoId, ownerId),
  'video.updated': ({ videoId }) => [shows.video(videoId), shows.videoSearch],
  // Any level (public, unlisted, private) may bring entries about it back into sight.
  'video.published': ({ videoId, ownerId }) => [
    ...membershipOf(videoId, ownerId),
    shows.notificationsInSight,
    shows.historyInSight,
  ],
  'video.deleted': ({ videoId, ownerId }) => membershipOf(videoId, ownerId),
  'comment.created': ({ videoId }) => [shows.comments(videoId), shows.videoCounts(videoId)],
  // An edit may bring in a watched word (held: out of the count) or an approval take it back.
  // Approved, it comes back into the sight of those it names or answers.
  'comment.updated': ({ videoId }) => [
    shows.comments(videoId),
    shows.videoCounts(videoId),
    shows.notificationsInSight,
  ],
  'comment.deleted': ({ videoId }) => [shows.comments(videoId), shows.videoCounts(videoId)],
  'comment.marked': ({ videoId }) => [shows.comments(videoId)],
  'like.toggled': ({ target, targetId, userId, videoId }) => {
    const reader = shows.reader(userId);
    if (target === 'video') return [shows.videoCounts(targetId), reader];
    if (target === 'comment') return videoId ? [shows.comments(videoId), reader] : [reader];
    return [shows.tweet(targetId), reader];
  },
  'subscription.changed': ({ subscriberId, channelId }) => [
    shows.channel(channelId),
    shows.subscribers(channelId),
    // The subscriber's own totals (channels followed) and their feeds.
    shows.channel(subscriberId),
    shows.reader(subscriberId),
  ],
  // A saved position and a playlist are their owner's, read fresh: no kept answer shows them.
  // A saved position and a playlist are their owner's: their own history and the playlist's
  // page drop, nothing else.
  'history.saved': ({ userId }) => [shows.history(userId)],
  'history.removed': ({ userId }) => [shows.history(userId)],
  'playlist.changed': ({ playlistId }) => [shows.playlist(playlistId)],
  // Followers' tweet feeds take a new tweet when their answer expires (`PUBLIC_CACHE_TTL`): a
  // tweet a second would otherwise recompute every reader's feed every second. Its author's
  // own list and page show it at once.
  'tweet.created': ({ authorId }) => [shows.tweets(authorId), shows.channel(authorId)],
  // Approved, a held tweet comes back into the sight of those it names.
  'tweet.updated': ({ tweetId }) => [shows.tweet(tweetId), shows.notificationsInSight],
  'tweet.deleted': ({ tweetId, authorId }) => [
    shows.tweet(tweetId),
    shows.tweets(authorId),
    shows.channel(authorId),
  ],
  'user.created': () => [shows.channelSearch],
  'user.updated': ({ userId }) => [
    shows.person(userId),
    shows.channel(userId),
    shows.channelSearch,
  ],
  // Their entries changed: added, moved up, read, removed, or a block between two people.
  'notifications.changed': ({ userIds }) => userIds.map(shows.notifications),
  // What either did leaves, or comes back into, the other's notifications.
  'user.blocked': ({ blockerId, blockedId }) => [
    shows.notifications(blockerId),
    shows.notifications(blockedId),
  ],
  'user.unblocked': ({ blockerId, blockedId }) => [
    shows.notifications(blockerId),
    shows.notifications(blockedId),
  ],
  // Everything the person made leaves every listing, and each count they were in moves back.
  'account.deleted': (gone) => [
    shows.person(gone.userId),
    shows.channel(gone.userId),
    shows.channelSearch,
    shows.channelVideos(gone.userId),
    shows.subscribers(gone.userId),
    shows.tweets(gone.userId),
    shows.history(gone.userId),
    shows.reader(gone.userId),
    ...(gone.videoIds.length > 0
      ? [shows.videoListings, shows.videoSearch, shows.followedVideos]
      : []),
    ...gone.videoIds.flatMap((id) => [shows.video(id), shows.comments(id), shows.videoCounts(id)]),
    ...gone.tweetIds.map(shows.tweet),
    ...[...gone.playlistIds, ...gone.touchedPlaylistIds].map(shows.playlist),
    ...gone.likedVideoIds.map(shows.videoCounts),
    ...gone.commentedVideoIds.flatMap((id) => [shows.comments(id), shows.videoCounts(id)]),
    ...gone.likedTweetIds.map(shows.tweet),
    ...gone.followedChannelIds.flatMap((id) => [shows.channel(id), shows.subscribers(id)]),
  ],
  // Hidden or back in sight: as if deleted or made again, for everyone but the owner.
  'content.moderated': (changed) => [
    ...changed.ownerIds.flatMap((id) => [
      shows.channel(id),
      shows.channelVideos(id),
      shows.tweets(id),
    ]),
    ...(changed.videoIds.length > 0
      ? [shows.videoListings, shows.videoSearch, shows.followedVideos]
      : []),
    ...changed.videoIds.flatMap((id) => [shows.video(id), shows.comments(id)]),
    // A video counts only the comments everyone sees (decision 0046).
    ...changed.commentedVideoIds.flatMap((id) => [shows.comments(id), shows.videoCounts(id)]),
    ...changed.tweetIds.map(shows.tweet),
    // A restore brings entries about these back into their readers' sight.
    shows.notificationsInSight,
    shows.historyInSight,
  ],
  // Nothing kept shows a session: the session cache listens to it (decision 0056).
  'sessions.ended': () => [],
  // What a person's own kept answers showed them may depend on their role (staff see more).
  'user.roleChanged': ({ userId }) => [shows.reader(userId)],
};

/**
 * Drops what each change makes stale, whichever process made it, but the changes in `except`
 * (which the caller handles itself); answers the function that stops listening.
 */
export function dropOnChanges(
  events: DomainEvents,
  drop: (tags: readonly string[]) => void,
  except: readonly ChangeEventName[] = [],
): () => void {
  const names = (Object.keys(dropsOf) as ChangeEventName[]).filter((n) => !except.includes(n));
  const stops = names.map((name) =>
    events.onAnyProcess(name, (change) => {
      const tags = (dropsOf[name] as (c: typeof change) => string[])(change);
      if (tags.length > 0) drop(tags);
    }),
  );
  return () => {
    for (const stop of stops) stop();
  };
}

/** Things with an owner, as lists show them: each thing and each owner's name and picture. */
type Owned = readonly { _id: string; owner: { _id: string } }[];

function ownedShown(things: Owned, tagOf: (id: string) => string): string[] {
  const tags = new Set<string>();
  for (const thing of things) {
    tags.add(tagOf(thing._id));
    tags.add(shows.person(thing.owner._id));
  }
  return [...tags];
}

/** What a list of videos shows: each video and each owner's name and picture. */
export function videosShown(videos: Owned): string[] {
  return ownedShown(videos, shows.video);
}

/**
 * What a page of notifications shows besides its reader's entries: each entry's actor, video,
 * the comments under that video (a comment's text, whether it is hidden, who liked it last) and
 * tweet, and anything that may come back into sight.
 */
export function notificationsShown(
  readerId: string,
  entries: readonly {
    actor: { _id: string };
    video: { _id: string } | null;
    comment: { _id: string } | null;
    tweet: { _id: string } | null;
  }[],
): string[] {
  const tags = new Set<string>([shows.notifications(readerId), shows.notificationsInSight]);
  for (const entry of entries) {
    tags.add(shows.person(entry.actor._id));
    if (entry.video) {
      tags.add(shows.video(entry.video._id));
      if (entry.comment) tags.add(shows.comments(entry.video._id));
    }
    if (entry.tweet) tags.add(shows.tweet(entry.tweet._id));
  }
  return [...tags];
}

/** What a list of tweets shows: each tweet and each author's name and picture. */
export function tweetsShown(tweets: Owned): string[] {
  return ownedShown(tweets, shows.tweet);
}
