/**
 * The whole data model of both spec documents. Integrity lives here: foreign keys, one like
 * per user and target, one subscription per pair, one history entry per user and video, and
 * length checks that mirror the contract's limits.
 */
import { sql } from 'drizzle-orm';
import { userRoles } from '../auth/roles';
import {
  auditActions,
  messagePolicies,
  notificationKinds,
  reportOutcomes,
  reportReasons,
  reportTargetKinds,
  type VideoRendition,
} from '@kinora/contract';
import {
  customType,
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const playlistVisibilities = ['public', 'unlisted', 'private'] as const;
export const playlistKinds = ['custom', 'watch_later'] as const;
const notificationKindList = notificationKinds.map((kind) => `'${kind}'`).join(', ');

export const id = () => uuid('id').primaryKey().defaultRandom();

/** PostgreSQL full-text document; written by the database as a generated column. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** The id of the row this row belongs to: required, and the row goes when that row goes. */
const partOf = (name: string, parent: () => AnyPgColumn) =>
  uuid(name).notNull().references(parent, { onDelete: 'cascade' });
/** A person's id on a row that is theirs or about them: the row goes when the account goes. */
export const userRef = (name: string) => partOf(name, () => users.id);
/** Hidden by a moderator (or a ban), and held for holding a watched word (migration 0022). */
const hiddenOrHeld = () => ({
  hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  hiddenReason: text('hidden_reason'),
  heldAt: timestamp('held_at', { withTimezone: true }),
});
/** An index of the rows that have `column` set: the lookup of a nullable reference's cascade. */
const indexWhereSet = (name: string, column: AnyPgColumn) =>
  index(name)
    .on(column)
    .where(sql`${column} is not null`);

export const users = pgTable(
  'users',
  {
    id: id(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    fullname: text('fullname').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Storage keys, not URLs: the presenter turns them into URLs. */
    avatarKey: text('avatar_key'),
    coverImageKey: text('cover_image_key'),
    bio: text('bio').notNull().default(''),
    /** Kept exact by the subscription toggle, in the same transaction as the row it adds. */
    subscribersCount: integer('subscribers_count').notNull().default(0),
    /** What the person may do beyond their own things (platform/auth/roles.ts); migration 0007. */
    role: text('role', { enum: userRoles }).notNull().default('user'),
    /** While true nothing enters or moves in the watch history (a trigger, migration 0012). */
    historyPaused: boolean('history_paused').notNull().default(false),
    /** Who may send this person message requests (migration 0014). */
    messagePolicy: text('message_policy', { enum: messagePolicies }).notNull().default('everyone'),
    /** Set by a moderator's ban: sign-in refused, content hidden (migration 0022). */
    bannedAt: timestamp('banned_at', { withTimezone: true }),
    bannedReason: text('banned_reason'),
    /**
     * The owner's members of a video's card but the subscriber count, written by a row trigger
     * when the id, names or avatar are set (migration 0031, decision 0055), with the avatar key
     * if `isSafeKey` refuses it.
     */
    cardOwner: text('card_owner'),
    cardUnsafeKey: text('card_unsafe_key'),
    /** Channel name for search (weight C, below a video's title and description). */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('simple', "username" || ' ' || "fullname"), 'C')`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_key').on(t.username),
    index('users_search_idx').using('gin', t.searchVector),
    index('users_username_trgm_idx').using('gin', t.username.op('gin_trgm_ops')),
    uniqueIndex('users_email_key').on(t.email),
    check('users_username_format', sql`${t.username} ~ '^[a-z0-9_.]{3,30}$'`),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
    check('users_fullname_length', sql`char_length(${t.fullname}) between 1 and 80`),
    check('users_bio_length', sql`char_length(${t.bio}) <= 1000`),
    check('users_subscribers_count_nonnegative', sql`${t.subscribersCount} >= 0`),
    check('users_role_known', sql`${t.role} in ('user', 'moderator', 'admin')`),
    check(
      'users_message_policy_known',
      sql`${t.messagePolicy} in ('everyone', 'subscriptions', 'nobody')`,
    ),
  ],
);

/** One row per signed-in device. Only a hash of the current refresh token is kept. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: userRef('user_id'),
    refreshTokenHash: text('refresh_token_hash').notNull(),
    userAgent: text('user_agent'),
    /** Where it signed in or last renewed from (migration 0017), shown in "Sessions and devices". */
    ipAddress: text('ip_address'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** When the refresh token was last rotated (null: never): opens the reuse grace window. */
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    /**
     * When the client was first seen holding the refresh token of the last rotation (it used an
     * access token issued with it); null while no one has shown it, as when the answer of the
     * rotation was lost on the way. Until then the token before it still answers (decision 0036).
     */
    rotationConfirmedAt: timestamp('rotation_confirmed_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const mediaKind = pgEnum('media_kind', ['image', 'video']);

/** A file that a user uploaded (videos, thumbnails). Referenced by public id. */
export const mediaAssets = pgTable(
  'media_assets',
  {
    id: id(),
    publicId: text('public_id').notNull(),
    ownerId: userRef('owner_id'),
    kind: mediaKind('kind').notNull(),
    folder: text('folder').notNull(),
    storageKey: text('storage_key').notNull(),
    mimeType: text('mime_type').notNull(),
    format: text('format').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    width: integer('width'),
    height: integer('height'),
    durationSeconds: real('duration_seconds'),
    /**
     * Videos: whether the original plays in browsers as it is (issue 22), decided from the
     * upload's probe; null for assets recorded before it was asked.
     */
    browserPlayable: boolean('browser_playable'),
    /** Videos: RFC 6381 codecs of the original, e.g. `avc1.640028, mp4a.40.2`. */
    codecs: text('codecs'),
    /** Hash of the upload signature that brought the file in: a signature is used once. */
    signatureHash: text('signature_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('media_assets_public_id_key').on(t.publicId),
    uniqueIndex('media_assets_signature_hash_key').on(t.signatureHash),
    index('media_assets_owner_id_idx').on(t.ownerId),
  ],
);

/**
 * An upload in progress (chunked or not). The bytes go to a temporary file under DATA_DIR;
 * the row remembers how far it got so that a dropped connection can resume.
 */
export const uploadSessions = pgTable(
  'upload_sessions',
  {
    id: id(),
    userId: userRef('user_id'),
    /** The client's X-Unique-Upload-Id (or one made up for a single-request upload). */
    clientUploadId: text('client_upload_id').notNull(),
    folder: text('folder').notNull(),
    kind: mediaKind('kind').notNull(),
    signatureHash: text('signature_hash').notNull(),
    totalBytes: bigint('total_bytes', { mode: 'number' }).notNull(),
    receivedBytes: bigint('received_bytes', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('upload_sessions_user_upload_key').on(t.userId, t.clientUploadId),
    uniqueIndex('upload_sessions_signature_key').on(t.signatureHash),
    index('upload_sessions_updated_idx').on(t.updatedAt),
  ],
);

export const videoStatus = pgEnum('video_status', ['uploaded', 'processing', 'ready', 'failed']);

export const videos = pgTable(
  'videos',
  {
    id: id(),
    ownerId: userRef('owner_id'),
    title: text('title').notNull(),
    description: text('description').notNull(),
    videoAssetId: uuid('video_asset_id').references(() => mediaAssets.id, {
      onDelete: 'set null',
    }),
    thumbnailAssetId: uuid('thumbnail_asset_id').references(() => mediaAssets.id, {
      onDelete: 'set null',
    }),
    durationSeconds: real('duration_seconds').notNull().default(0),
    /** Counters kept exact by updating them in the transaction that adds or removes the row. */
    views: bigint('views', { mode: 'number' }).notNull().default(0),
    likesCount: integer('likes_count').notNull().default(0),
    commentsCount: integer('comments_count').notNull().default(0),
    /**
     * Views of the last 7 days, for the trending order: raised with `views` when a view is
     * counted, and brought back to the window's count of view events by a periodic job.
     */
    trendingViews: integer('trending_views').notNull().default(0),
    /** Public: listed everywhere. `isPublished` alone says so (the spec's client reads it). */
    isPublished: boolean('is_published').notNull().default(true),
    /** Hidden by a moderator (or a ban): out of sight for all but its owner and staff (migration 0022). */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    /**
     * Not public but reachable by its link (unlisted, decision 0039); a video neither public nor
     * unlisted is private: its owner's and staff's alone.
     */
    isUnlisted: boolean('is_unlisted').notNull().default(false),
    /** When the `videos-publish-scheduled` job makes this private video public; else null. */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    status: videoStatus('status').notNull().default('uploaded'),
    processingProgress: real('processing_progress'),
    processingError: text('processing_error'),
    /** Storage keys of what processing made. */
    hlsMasterKey: text('hls_master_key'),
    posterKey: text('poster_key'),
    storyboardKey: text('storyboard_key'),
    /** Each rendition's progress while the ladder is made (issue 22); null before processing. */
    renditions: jsonb('renditions').$type<VideoRendition[]>(),
    /**
     * The master playlist with the captions' subtitle renditions (decision 0044), and the
     * `hlsMasterKey` it was made from: it stands for the video's `hls` while that is unchanged.
     */
    captionsMasterKey: text('captions_master_key'),
    captionsMasterOf: text('captions_master_of'),
    /**
     * The original's and the thumbnail's facts copied from `media_assets` (migration 0028, kept
     * by row triggers on both tables), so a listing reads no asset row (decision 0049).
     */
    videoKey: text('video_key'),
    videoPublicId: text('video_public_id'),
    videoMimeType: text('video_mime_type'),
    videoPlayable: boolean('video_playable'),
    videoCodecs: text('video_codecs'),
    thumbnailKey: text('thumbnail_key'),
    thumbnailPublicId: text('thumbnail_public_id'),
    /**
     * The start of the video's card (decision 0049): `_id`, `title`, `description`, `createdAt`
     * and `updatedAt` as JSON members, written by a row trigger when one of them is set.
     */
    cardHead: text('card_head'),
    /**
     * The rest of the card but the counts and the owner (migration 0031, decision 0055), its URLs
     * as keys after a 0x01 byte (the storage's prefix goes there when read); and the first of its
     * storage keys that `isSafeKey` refuses, or null. Written by a row trigger.
     */
    cardBody: text('card_body'),
    cardUnsafeKey: text('card_unsafe_key'),
    /** Title (weight A) above description (weight B), for full-text search. */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('simple', "title"), 'A') || setweight(to_tsvector('simple', "description"), 'B')`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('videos_search_idx').using('gin', t.searchVector),
    uniqueIndex('videos_video_asset_key').on(t.videoAssetId),
    index('videos_thumbnail_asset_idx').on(t.thumbnailAssetId),
    index('videos_owner_created_idx').on(
      t.ownerId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The subscriptions feed: each followed channel's newest published videos.
    index('videos_owner_published_created_idx')
      .on(t.ownerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isPublished}`),
    // The few drafts, so a count of what a reader may see subtracts them instead of joining every
    // item to its video (a 5,000-item playlist: 90-180 ms -> a few ms; migration 0015).
    index('videos_unpublished_idx')
      .on(t.id, t.ownerId)
      .where(sql`not ${t.isPublished}`),
    // The few a moderator hid, likewise (migration 0029).
    index('videos_hidden_idx')
      .on(t.id, t.ownerId)
      .where(sql`${t.hiddenAt} is not null`),
    index('videos_published_views_idx')
      .on(t.views.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isPublished}`),
    index('videos_published_trending_idx')
      .on(
        t.trendingViews.desc().nullsFirst(),
        t.createdAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`${t.isPublished}`),
    // Migration 0031 adds `INCLUDE (owner_id, hidden_at)`, which drizzle's builder cannot say: the
    // followed feeds' first step is index-only (decision 0055).
    index('videos_published_created_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isPublished}`),
    // The scheduled videos, for the job that publishes them (migration 0023).
    indexWhereSet('videos_publish_at_idx', t.publishAt),
    check('videos_one_visibility', sql`not (${t.isPublished} and ${t.isUnlisted})`),
    check(
      'videos_scheduled_is_private',
      sql`${t.publishAt} is null or not (${t.isPublished} or ${t.isUnlisted})`,
    ),
    check('videos_title_length', sql`char_length(${t.title}) between 1 and 200`),
    check('videos_description_length', sql`char_length(${t.description}) <= 5000`),
    check(
      'videos_counters_nonnegative',
      sql`${t.views} >= 0 and ${t.likesCount} >= 0 and ${t.commentsCount} >= 0`,
    ),
  ],
);

/**
 * How many videos are published, in one row kept by triggers on `videos` (migration 0005), so
 * the home listing's total is a primary-key read instead of a count of the table.
 */
export const videoTotals = pgTable(
  'video_totals',
  {
    id: boolean('id').primaryKey().default(true),
    published: bigint('published', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('video_totals_one_row', sql`${t.id}`)],
);

/**
 * The videos out for anyone (published, not hidden), kept by a row trigger on `videos` that
 * fires only when a column deciding it is set (migration 0034): the followed feeds' first step
 * reads the newest of them here, a narrow table whose rows no view, like or comment rewrites,
 * so its index-only scans do not wait for vacuum as the videos table's do (decision 0059).
 */
export const publishedVideos = pgTable(
  'published_videos',
  {
    videoId: uuid('video_id')
      .primaryKey()
      .references(() => videos.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // With `INCLUDE (owner_id)` (migration 0034; drizzle's builder cannot say it).
    index('published_videos_created_idx').on(
      t.createdAt.desc().nullsFirst(),
      t.videoId.desc().nullsFirst(),
    ),
    index('published_videos_owner_created_idx').on(
      t.ownerId,
      t.createdAt.desc().nullsFirst(),
      t.videoId.desc().nullsFirst(),
    ),
  ],
);

/**
 * Every word that search can match: the lexemes of videos' and channels' search vectors, added
 * by row triggers (migration 0006) and never removed. A typed word that starts no word here
 * is a typo; its nearest words by trigram distance (this index) are its candidate corrections.
 */
/**
 * Words offered as typo corrections: those of published videos and channel names, with how
 * many rows use each (kept by triggers, migration 0009); a word nothing uses is removed.
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
    uses: integer('uses').notNull().default(0),
  },
  (t) => [index('search_words_trgm_idx').using('gist', t.word.op('gist_trgm_ops'))],
);

export const comments = pgTable(
  'comments',
  {
    id: id(),
    videoId: partOf('video_id', () => videos.id),
    ownerId: userRef('owner_id'),
    content: text('content').notNull(),
    likesCount: integer('likes_count').notNull().default(0),
    /** The top comment a reply hangs under; null for a top comment (one level, migration 0021). */
    parentId: uuid('parent_id').references((): AnyPgColumn => comments.id, {
      onDelete: 'cascade',
    }),
    /** A top comment's replies, moved with each reply in its transaction. */
    repliesCount: integer('replies_count').notNull().default(0),
    /** Set by the video's creator: at most one pinned comment per video. */
    pinnedAt: timestamp('pinned_at', { withTimezone: true }),
    /** Set by the video's creator: the creator heart. */
    heartedAt: timestamp('hearted_at', { withTimezone: true }),
    /** Set when its author changes the words ('(edited)'). */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    ...hiddenOrHeld(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('comments_parent_created_idx')
      .on(t.parentId, t.createdAt, t.id)
      .where(sql`${t.parentId} is not null`),
    uniqueIndex('comments_one_pinned_per_video')
      .on(t.videoId)
      .where(sql`${t.pinnedAt} is not null`),
    check('comments_reply_not_pinned', sql`${t.parentId} is null or ${t.pinnedAt} is null`),
    index('comments_video_created_idx').on(
      t.videoId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('comments_owner_id_idx').on(t.ownerId),
    // The authors of a video's hidden or held top comments (decision 0058): the few rows out
    // of sight, found without reading every comment of the video.
    index('comments_video_unseen_top_idx')
      .on(t.videoId, t.ownerId)
      .where(sql`${t.parentId} is null and (${t.hiddenAt} is not null or ${t.heldAt} is not null)`),
    check('comments_content_length', sql`char_length(${t.content}) between 1 and 2000`),
  ],
);

export const tweets = pgTable(
  'tweets',
  {
    id: id(),
    ownerId: userRef('owner_id'),
    content: text('content').notNull(),
    likesCount: integer('likes_count').notNull().default(0),
    /** When its owner last changed the content; null for a tweet never edited. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    ...hiddenOrHeld(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tweets_owner_created_idx').on(
      t.ownerId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('tweets_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('tweets_content_length', sql`char_length(${t.content}) between 1 and 280`),
  ],
);

/** A like points at exactly one of a video, a comment or a tweet. */
export const likes = pgTable(
  'likes',
  {
    id: id(),
    userId: userRef('user_id'),
    videoId: uuid('video_id').references(() => videos.id, { onDelete: 'cascade' }),
    commentId: uuid('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    tweetId: uuid('tweet_id').references(() => tweets.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('likes_user_video_key').on(t.userId, t.videoId),
    uniqueIndex('likes_user_comment_key').on(t.userId, t.commentId),
    uniqueIndex('likes_user_tweet_key').on(t.userId, t.tweetId),
    index('likes_video_idx').on(t.videoId),
    index('likes_comment_idx').on(t.commentId),
    index('likes_tweet_idx').on(t.tweetId),
    /** The liked-videos list, keyset-paged (migration 0012). */
    index('likes_user_videos_idx')
      .on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.videoId} is not null`),
    check('likes_one_target', sql`num_nonnulls(${t.videoId}, ${t.commentId}, ${t.tweetId}) = 1`),
  ],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    subscriberId: userRef('subscriber_id'),
    channelId: userRef('channel_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.subscriberId, t.channelId] }),
    index('subscriptions_channel_idx').on(t.channelId, t.createdAt.desc().nullsFirst()),
    // A channel's followers in batches by id, for the fan-out of its new videos (migration 0019).
    index('subscriptions_channel_subscriber_idx').on(t.channelId, t.subscriberId),
    check('subscriptions_not_self', sql`${t.subscriberId} <> ${t.channelId}`),
  ],
);

export const playlists = pgTable(
  'playlists',
  {
    id: id(),
    ownerId: userRef('owner_id'),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** public: listed and readable; unlisted: readable by id; private: the owner's alone. */
    visibility: text('visibility', { enum: playlistVisibilities }).notNull().default('public'),
    /** `watch_later`: the built-in list, one per owner, always private (decision 0019). */
    kind: text('kind', { enum: playlistKinds }).notNull().default('custom'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('playlists_owner_created_idx').on(t.ownerId, t.createdAt.desc().nullsFirst()),
    uniqueIndex('playlists_owner_watch_later_key')
      .on(t.ownerId)
      .where(sql`${t.kind} = 'watch_later'`),
    check('playlists_name_length', sql`char_length(${t.name}) between 1 and 50`),
    check('playlists_description_length', sql`char_length(${t.description}) <= 200`),
    check('playlists_visibility_known', sql`${t.visibility} in ('public', 'unlisted', 'private')`),
    check('playlists_kind_known', sql`${t.kind} in ('custom', 'watch_later')`),
    check(
      'playlists_watch_later_private',
      sql`${t.kind} <> 'watch_later' or ${t.visibility} = 'private'`,
    ),
  ],
);

export const playlistItems = pgTable(
  'playlist_items',
  {
    playlistId: partOf('playlist_id', () => playlists.id),
    videoId: partOf('video_id', () => videos.id),
    /**
     * Place in the playlist, 0..n-1 without gaps: adds append under a lock on the playlist row,
     * and a trigger renumbers a playlist whenever items leave it (migration 0012).
     */
    position: integer('position').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.playlistId, t.videoId] }),
    // DEFERRABLE INITIALLY DEFERRED in the migration (Drizzle cannot say so): checked at commit,
    // so one statement may shift many positions.
    unique('playlist_items_position_key').on(t.playlistId, t.position),
    index('playlist_items_video_idx').on(t.videoId),
    check('playlist_items_position_nonnegative', sql`${t.position} >= 0`),
  ],
);

/** A video's captions in one language, stored as WebVTT (decision 0044, migration 0025). */
export const videoCaptions = pgTable(
  'video_captions',
  {
    videoId: partOf('video_id', () => videos.id),
    /** A BCP 47 tag, e.g. `en`, `pt-BR`. */
    language: text('language').notNull(),
    label: text('label').notNull(),
    /** Storage keys, new for every upload: the WebVTT file and its HLS subtitle playlist. */
    vttKey: text('vtt_key').notNull(),
    playlistKey: text('playlist_key').notNull(),
    cueCount: integer('cue_count').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.videoId, t.language] }),
    check('video_captions_label_length', sql`char_length(${t.label}) between 1 and 60`),
  ],
);

export const watchHistory = pgTable(
  'watch_history',
  {
    userId: userRef('user_id'),
    videoId: partOf('video_id', () => videos.id),
    watchedAt: timestamp('watched_at', { withTimezone: true }).notNull().defaultNow(),
    /** Where playback last was, in seconds, to resume from. */
    positionSeconds: real('position_seconds').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.videoId] }),
    index('watch_history_user_watched_idx').on(
      t.userId,
      t.watchedAt.desc().nullsFirst(),
      t.videoId.desc().nullsFirst(),
    ),
    index('watch_history_video_idx').on(t.videoId),
  ],
);

/**
 * One row per counted view. `viewerKey` identifies the viewer (user id, or a hash of the
 * client for visitors) so that a view counts once per viewer per hour.
 */
export const viewEvents = pgTable(
  'view_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    videoId: partOf('video_id', () => videos.id),
    viewerId: uuid('viewer_id').references(() => users.id, { onDelete: 'set null' }),
    viewerKey: text('viewer_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('view_events_video_created_idx').on(t.videoId, t.createdAt.desc().nullsFirst()),
    index('view_events_viewer_video_idx').on(
      t.viewerKey,
      t.videoId,
      t.createdAt.desc().nullsFirst(),
    ),
    index('view_events_created_idx').on(t.createdAt),
  ],
);

export const messageRequestStatus = pgEnum('message_request_status', [
  'pending',
  'accepted',
  'declined',
]);

export const messageRequests = pgTable(
  'message_requests',
  {
    id: id(),
    senderId: userRef('sender_id'),
    recipientId: userRef('recipient_id'),
    content: text('content').notNull(),
    status: messageRequestStatus('status').notNull().default('pending'),
    createdAt: createdAt(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
  },
  (t) => [
    // One pending request per direction; answered ones stay as history (the 7-day rule).
    uniqueIndex('message_requests_pending_pair_key')
      .on(t.senderId, t.recipientId)
      .where(sql`${t.status} = 'pending'`),
    index('message_requests_sender_created_idx').on(t.senderId, t.createdAt),
    index('message_requests_pair_idx').on(t.senderId, t.recipientId, t.respondedAt),
    index('message_requests_recipient_status_idx').on(
      t.recipientId,
      t.status,
      t.createdAt.desc().nullsFirst(),
    ),
    check('message_requests_not_self', sql`${t.senderId} <> ${t.recipientId}`),
    check('message_requests_content_length', sql`char_length(${t.content}) between 1 and 1000`),
  ],
);

export const conversations = pgTable(
  'conversations',
  {
    id: id(),
    createdAt: createdAt(),
    /** Moves forward with every message, for ordering the conversation list. */
    updatedAt: updatedAt(),
    /**
     * The two people, smaller id first: one conversation per pair, held by a unique index, so
     * two accepts at once meet the same conversation (migration 0014).
     */
    userLowId: uuid('user_low_id').references(() => users.id, { onDelete: 'cascade' }),
    userHighId: uuid('user_high_id').references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('conversations_updated_idx').on(t.updatedAt.desc().nullsFirst()),
    uniqueIndex('conversations_pair_key').on(t.userLowId, t.userHighId),
    index('conversations_user_high_idx').on(t.userHighId),
    check('conversations_pair_ordered', sql`${t.userLowId} < ${t.userHighId}`),
  ],
);

export const conversationParticipants = pgTable(
  'conversation_participants',
  {
    conversationId: partOf('conversation_id', () => conversations.id),
    userId: userRef('user_id'),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Messages of others since this person last read the conversation, moved in the sending
     * transaction and zeroed by a read under the same row lock: exact on every device.
     */
    unreadCount: integer('unread_count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('conversation_participants_user_idx').on(t.userId),
    check('conversation_participants_unread_nonnegative', sql`${t.unreadCount} >= 0`),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: id(),
    conversationId: partOf('conversation_id', () => conversations.id),
    senderId: userRef('sender_id'),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_conversation_created_id_idx').on(t.conversationId, t.createdAt, t.id),
    // The per-sender rate limit counts a sender's last minute.
    index('messages_sender_created_idx').on(t.senderId, t.createdAt),
    check('messages_content_length', sql`char_length(${t.content}) between 1 and 4000`),
  ],
);

/** Who will hear nothing from whom: no requests and no messages from the blocked person. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: userRef('blocker_id'),
    blockedId: userRef('blocked_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('user_blocks_blocked_idx').on(t.blockedId),
    check('user_blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

/** A message as a report keeps it, whatever happens to the conversation afterwards. */
export interface ReportedMessage {
  id: string;
  senderId: string;
  content: string;
  createdAt: string;
}

/**
 * A member's report of a conversation, for moderators: the reason and a copy of the last 50
 * messages as they were when it was made (migration 0014).
 */
export const conversationReports = pgTable(
  'conversation_reports',
  {
    id: id(),
    conversationId: partOf('conversation_id', () => conversations.id),
    reporterId: userRef('reporter_id'),
    reason: text('reason').notNull(),
    messages: jsonb('messages').$type<ReportedMessage[]>().notNull(),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    /** Who closed it, when and how (the moderation queue, migration 0022). */
    handledBy: uuid('handled_by').references(() => users.id, { onDelete: 'set null' }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    outcome: text('outcome', { enum: reportOutcomes }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('conversation_reports_open_key')
      .on(t.conversationId, t.reporterId)
      .where(sql`${t.status} = 'open'`),
    index('conversation_reports_status_created_idx').on(t.status, t.createdAt),
    check('conversation_reports_reason_length', sql`char_length(${t.reason}) between 1 and 1000`),
    check('conversation_reports_status_known', sql`${t.status} in ('open', 'closed')`),
  ],
);

/**
 * What concerns a person (issue 21, decision 0035): one row per thing to tell, keyed by
 * `group_key` so that a repeated event updates its entry instead of adding one (likes on one
 * comment are one entry; who and how many is read from `likes` when shown, so it stays exact).
 * A row goes with what it points at (cascades); what its reader may no longer see is left out
 * when read (migration 0019).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    recipientId: userRef('recipient_id'),
    kind: text('kind', { enum: notificationKinds }).notNull(),
    /** Who did it (for grouped likes, the latest of them). */
    actorId: userRef('actor_id'),
    videoId: uuid('video_id').references(() => videos.id, { onDelete: 'cascade' }),
    commentId: uuid('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    tweetId: uuid('tweet_id').references(() => tweets.id, { onDelete: 'cascade' }),
    requestId: uuid('request_id').references(() => messageRequests.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id').references(() => conversations.id, {
      onDelete: 'cascade',
    }),
    /** One entry per recipient and key (`like-comment:<id>`, `video:<id>`...). */
    groupKey: text('group_key').notNull(),
    /** How a handled report ended (`report_handled`, migration 0022). */
    reportOutcome: text('report_outcome', { enum: reportOutcomes }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** Moved forward when a grouped entry gains someone; the list's order. */
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('notifications_recipient_group_key').on(t.recipientId, t.groupKey),
    index('notifications_recipient_updated_idx').on(
      t.recipientId,
      t.updatedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('notifications_recipient_unread_idx')
      .on(t.recipientId, t.updatedAt.desc().nullsFirst())
      .where(sql`${t.readAt} is null`),
    // The cascades' lookups.
    index('notifications_actor_idx').on(t.actorId),
    indexWhereSet('notifications_video_idx', t.videoId),
    indexWhereSet('notifications_comment_idx', t.commentId),
    indexWhereSet('notifications_tweet_idx', t.tweetId),
    indexWhereSet('notifications_request_idx', t.requestId),
    indexWhereSet('notifications_conversation_idx', t.conversationId),
    check('notifications_kind_known', sql`${t.kind} in (${sql.raw(notificationKindList)})`),
  ],
);

/**
 * A person's choice per kind: shown in the app or not, and sent as a push (kept for web push,
 * issue 21 item 2). No row is the default: in the app, no push.
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: userRef('user_id'),
    kind: text('kind', { enum: notificationKinds }).notNull(),
    inApp: boolean('in_app').notNull(),
    push: boolean('push').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check('notification_settings_kind_known', sql`${t.kind} in (${sql.raw(notificationKindList)})`),
  ],
);

/** Browsers a person asked to be sent pushes (web push); one row per browser's endpoint. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: userRef('user_id'),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * A person's report of a video, comment, tweet or account (issue 21 item 5, migration 0022):
 * one per reporter and target, ever; `target_owner_id` is whose the thing is (the account
 * itself for an account), which the queue and the rules about acting on oneself read.
 */
export const contentReports = pgTable(
  'content_reports',
  {
    id: id(),
    targetKind: text('target_kind', { enum: reportTargetKinds }).notNull(),
    videoId: uuid('video_id').references(() => videos.id, { onDelete: 'cascade' }),
    commentId: uuid('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    tweetId: uuid('tweet_id').references(() => tweets.id, { onDelete: 'cascade' }),
    targetOwnerId: userRef('target_owner_id'),
    reporterId: userRef('reporter_id'),
    reason: text('reason', { enum: reportReasons }).notNull(),
    details: text('details').notNull().default(''),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    outcome: text('outcome', { enum: reportOutcomes }),
    handledBy: uuid('handled_by').references(() => users.id, { onDelete: 'set null' }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('content_reports_reporter_target_key').on(
      t.reporterId,
      t.targetKind,
      sql`coalesce(${t.videoId}, ${t.commentId}, ${t.tweetId}, ${t.targetOwnerId})`,
    ),
    index('content_reports_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'open'`),
    index('content_reports_target_owner_idx').on(t.targetOwnerId),
    indexWhereSet('content_reports_comment_idx', t.commentId),
    indexWhereSet('content_reports_tweet_idx', t.tweetId),
    indexWhereSet('content_reports_video_idx', t.videoId),
  ],
);

/**
 * The audit log: every moderation action, who took it and when (migration 0022). Kept when the
 * target or the moderator goes: the target is an id (or the watched word), the moderator's
 * username is copied.
 */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: id(),
    moderatorId: uuid('moderator_id').references(() => users.id, { onDelete: 'set null' }),
    moderatorUsername: text('moderator_username').notNull(),
    action: text('action', { enum: auditActions }).notNull(),
    targetKind: text('target_kind', {
      enum: [...reportTargetKinds, 'conversation', 'watched_word'],
    }).notNull(),
    targetId: text('target_id').notNull(),
    targetOwnerId: uuid('target_owner_id'),
    reason: text('reason').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('moderation_actions_created_idx').on(
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/** Words that hold a comment or tweet for approval (admins keep the list, migration 0022). */
export const watchedWords = pgTable(
  'watched_words',
  {
    id: id(),
    word: text('word').notNull(),
    addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('watched_words_word_key').on(t.word)],
);

/**
 * What every process sharing the database must agree on (migration 0027, decision 0047): a
 * fingerprint per secret (`secret:JWT_SECRET`, an HMAC keyed by the secret) and the storage's
 * marker id (`storage-id`), written by the first process that starts.
 */
export const deploymentFacts = pgTable('deployment_facts', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
});
