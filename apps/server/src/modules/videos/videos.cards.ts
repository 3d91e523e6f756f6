/**
 * A video's answer written by PostgreSQL (issue 18 item 4, decision 0049).
 *
 * A listing used to read each video as some 35 columns, which `pg` parsed one string at a time,
 * drizzle mapped into a nested record, the presenter copied into the contract's shape and the
 * serializer checked and wrote as JSON: five layers of objects per video, a hundred videos per
 * home page, most of Node's time and garbage. Here the same answer (`presentVideo`'s, byte for
 * byte in meaning: the same fields, values and formats) is one text value per video, built by
 * the query that finds it; Node keeps the text and writes it into the envelope untouched
 * (`prewritten-json.ts`). `videos.cards.test.ts` holds the two to the same answer.
 *
 * What the server still reads of each row is what its own rules look at: the id, the owner's
 * id, the visibility level and whether a moderator hid it (the kept answers' tags and sharing,
 * decision 0018), and the first storage key that is not safe, if any (`assertSafeKey` throws on
 * it as `publicUrl` did).
 */
import type { ModerationNotice, Video, VideoVisibility } from '@kinora/contract';
import { sql, type SQL } from 'drizzle-orm';
import { users, videos } from '../../platform/db/schema';
import { prewritten } from '../../platform/http/prewritten-json';
import { assertSafeKey } from '../../platform/storage/storage';

/** One video's row of a card query: what the server's rules read, and the answer's text. */
export interface VideoCardRow {
  id: string;
  ownerId: string;
  visibility: VideoVisibility;
  hidden: boolean;
  /** The first storage key of the card that `isSafeKey` refuses; null when all are safe. */
  unsafeKey: string | null;
  /** The video's answer (`Video`) as JSON text. */
  card: string;
}

/** What the routes' kept-answer rules read of a video whose answer is prewritten. */
export interface VideoCardSummary {
  _id: string;
  owner: { _id: string };
  visibility: VideoVisibility;
  moderation?: ModerationNotice;
}

// `isSafeKey` in SQL: 1 to 512 of `A-Za-z0-9._-` in `/`-separated parts, none empty, `.` or `..`.
const unsafe = (key: SQL) =>
  sql`(${key} !~ '^[A-Za-z0-9._-]+(/[A-Za-z0-9._-]+)*$' or ${key} ~ '(^|/)\\.\\.?(/|$)' or length(${key}) > 512)`;

/** `Date#toISOString()`'s form of a timestamp (milliseconds cut, as `pg` reads them). */
const iso = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The select fields of a card, for a query over `videos` joined with `users` on the owner.
 * `urlPrefix` is the storage's `publicUrlPrefix()` as a parameter (or a placeholder of a named
 * statement): a URL is the prefix and the key, as `Storage.publicUrl` makes it.
 */
export function videoCardColumns(urlPrefix: SQL) {
  const thumbnailKey = sql`coalesce(${videos.thumbnailKey}, ${videos.posterKey})`;
  // The copy that lists the captions while it was made from the current master (decision 0044).
  const hlsKey = sql`(case when ${videos.captionsMasterKey} is not null and ${videos.captionsMasterOf} = ${videos.hlsMasterKey} then ${videos.captionsMasterKey} else ${videos.hlsMasterKey} end)`;
  const keys = [
    sql`${videos.videoKey}`,
    thumbnailKey,
    hlsKey,
    sql`${videos.storyboardKey}`,
    sql`${users.avatarKey}`,
  ];
  const url = (key: SQL) => sql`(${urlPrefix}::text || ${key})`;
  const original = (column: SQL) =>
    sql`(case when ${videos.videoKey} is null then null else ${column} end)`;
  // A progress write that trails the job's last one cannot make a ready video look unfinished.
  const renditions = sql`(case
    when ${videos.renditions} is null then '[]'::jsonb
    when ${videos.status} = 'ready' then (
      select coalesce(jsonb_agg(r.value || '{"progress":1,"ready":true,"secondsLeft":null}'::jsonb order by r.ordinality), '[]'::jsonb)
      from jsonb_array_elements(${videos.renditions}) with ordinality r)
    else ${videos.renditions} end)`;
  const card = sql`json_build_object(
    '_id', ${videos.id},
    'title', ${videos.title},
    'description', ${videos.description},
    'videofile', ${url(sql`${videos.videoKey}`)},
    'thumbnail', ${url(thumbnailKey)},
    'duration', ${videos.durationSeconds},
    'views', ${videos.views},
    'likes', ${videos.likesCount},
    'comments', ${videos.commentsCount},
    'isLive', false,
    'isPublished', ${videos.isPublished},
    'visibility', (case when ${videos.isPublished} then 'public' when ${videos.isUnlisted} then 'unlisted' else 'private' end),
    'publishAt', ${iso(sql`${videos.publishAt}`)},
    'status', ${videos.status},
    'hls', ${url(hlsKey)},
    'storyboard', ${url(sql`${videos.storyboardKey}`)},
    'processingProgress', (case when ${videos.status} = 'processing' then coalesce(${videos.processingProgress}, 0) end),
    'originalPlayable', ${original(sql`${videos.videoPlayable}`)},
    'originalMimeType', ${original(sql`${videos.videoMimeType}`)},
    'originalCodecs', ${original(sql`${videos.videoCodecs}`)},
    'renditions', ${renditions},
    'videoPublicId', ${videos.videoPublicId},
    'thumbnailPublicId', ${videos.thumbnailPublicId},
    'owner', json_build_object(
      '_id', ${users.id},
      'username', ${users.username},
      'fullname', ${users.fullname},
      'avatar', ${url(sql`${users.avatarKey}`)},
      'subscribersCount', ${users.subscribersCount}),
    'createdAt', ${iso(sql`${videos.createdAt}`)},
    'updatedAt', ${iso(sql`${videos.updatedAt}`)})::text`;
  // Only a hidden video carries its moderation notice (`moderationNoticeOf`).
  const withNotice = sql`(case when ${videos.hiddenAt} is null then ${card} else left(${card}, -1) || ',"moderation":' || json_build_object('state', 'hidden', 'reason', ${videos.hiddenReason})::text || '}' end)`;
  const unsafeKey = sql`(case ${sql.join(
    keys.map((key) => sql`when ${unsafe(key)} then ${key}`),
    sql` `,
  )} end)`;
  return {
    id: videos.id,
    ownerId: videos.ownerId,
    visibility: sql<VideoVisibility>`(case when ${videos.isPublished} then 'public' when ${videos.isUnlisted} then 'unlisted' else 'private' end)`,
    hidden: sql<boolean>`(${videos.hiddenAt} is not null)`,
    unsafeKey: sql<string | null>`${unsafeKey}`,
    card: sql<string>`${withNotice}`,
  };
}

/** A card's summary for the routes' rules; throws as `publicUrl` does on an unsafe key. */
function summaryOf(row: VideoCardRow): VideoCardSummary {
  if (row.unsafeKey !== null) assertSafeKey(row.unsafeKey);
  return {
    _id: row.id,
    owner: { _id: row.ownerId },
    visibility: row.visibility,
    ...(row.hidden ? { moderation: { state: 'hidden' as const, reason: null } } : {}),
  };
}

/**
 * The videos of an answer as their prewritten text. The value is typed as the contract's list,
 * which its text is; as objects its elements hold only what `VideoCardSummary` names, all that
 * the routes' `shared` and `shows` rules read (`shareVideos`, `videosShown`).
 */
export function presentVideoCards(rows: readonly VideoCardRow[]): Video[] {
  const summaries = rows.map(summaryOf);
  return prewritten(summaries, `[${rows.map((row) => row.card).join(',')}]`) as unknown as Video[];
}

/** One video's answer as its prewritten text (its object holds what `presentVideoCards` says). */
export function presentVideoCard(row: VideoCardRow): Video {
  return prewritten(summaryOf(row), row.card) as unknown as Video;
}
