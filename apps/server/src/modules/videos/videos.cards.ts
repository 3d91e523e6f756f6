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
// Safe keys joined by `/` make a safe path, and a safe path's every key is safe: one match per
// video checks all five, and only a video that fails it looks for the key at fault.
const part = `([A-Za-z0-9_-]|\\.[A-Za-z0-9_-]|\\.\\.[A-Za-z0-9._-])[A-Za-z0-9._-]*`;
const safePath = `^${part}(/${part})*$`;
const isSafe = (key: SQL) => sql`(${key} ~ ${sql.raw(`'${safePath}'`)} and length(${key}) <= 512)`;

/** `Date#toISOString()`'s form of a timestamp (milliseconds cut, as `pg` reads them). */
const iso = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A text value as JSON (escaped by PostgreSQL), or `null`. */
const jsonText = (value: SQL) => sql`coalesce(to_json(${value})::text, 'null')`;

/**
 * The select fields of a card, for a query over `videos` joined with `users` on the owner.
 * `urlPrefix` is the storage's `publicUrlPrefix()` as JSON string content (`cardUrlPrefix`), a
 * parameter or a named statement's placeholder: a URL is the prefix and the key, as
 * `Storage.publicUrl` makes it, and a safe key needs no escaping.
 *
 * The card is one `concat` of JSON members: the stored start (`card_head`: id, title and
 * description escaped once when written, the dates), then what changes without touching it
 * (counts, state, keys, the owner). Written per row by PostgreSQL, parsed by no one.
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
  ].map((key) => sql`nullif(${key}, '')`);
  // An empty key is no file, as `publicUrlOf` has it: no URL, and nothing to check.
  const url = (key: SQL) =>
    sql`(case when ${key} is null or ${key} = '' then 'null' else concat('"', ${urlPrefix}::text, ${key}, '"') end)`;
  const original = (value: SQL) =>
    sql`(case when ${videos.videoKey} is null then 'null' else ${value} end)`;
  const bool = (value: SQL) =>
    sql`(case when ${value} is null then 'null' when ${value} then 'true' else 'false' end)`;
  // A progress write that trails the job's last one cannot make a ready video look unfinished.
  const renditions = sql`(case
    when ${videos.renditions} is null then '[]'
    when ${videos.status} = 'ready' then (
      select coalesce(jsonb_agg(r.value || '{"progress":1,"ready":true,"secondsLeft":null}'::jsonb order by r.ordinality), '[]'::jsonb)
      from jsonb_array_elements(${videos.renditions}) with ordinality r)::text
    else ${videos.renditions}::text end)`;
  const visibility = sql`(case when ${videos.isPublished} then 'public' when ${videos.isUnlisted} then 'unlisted' else 'private' end)`;
  const head = sql`coalesce(${videos.cardHead}, videos_card_head_of(${videos.id}, ${videos.title}, ${videos.description}, ${videos.createdAt}, ${videos.updatedAt}))`;
  const card = sql`concat('{', ${head},
    ',"videofile":', ${url(sql`${videos.videoKey}`)},
    ',"thumbnail":', ${url(thumbnailKey)},
    ',"duration":', ${videos.durationSeconds},
    ',"views":', ${videos.views},
    ',"likes":', ${videos.likesCount},
    ',"comments":', ${videos.commentsCount},
    ',"isLive":false,"isPublished":', ${bool(sql`${videos.isPublished}`)},
    ',"visibility":"', ${visibility},
    '","publishAt":', (case when ${videos.publishAt} is null then 'null' else concat('"', ${iso(sql`${videos.publishAt}`)}, '"') end),
    ',"status":"', ${videos.status},
    '","hls":', ${url(hlsKey)},
    ',"storyboard":', ${url(sql`${videos.storyboardKey}`)},
    ',"processingProgress":', (case when ${videos.status} = 'processing' then coalesce(${videos.processingProgress}, 0)::text else 'null' end),
    ',"originalPlayable":', ${original(bool(sql`${videos.videoPlayable}`))},
    ',"originalMimeType":', ${original(jsonText(sql`${videos.videoMimeType}`))},
    ',"originalCodecs":', ${original(jsonText(sql`${videos.videoCodecs}`))},
    ',"renditions":', ${renditions},
    ',"videoPublicId":', ${jsonText(sql`${videos.videoPublicId}`)},
    ',"thumbnailPublicId":', ${jsonText(sql`${videos.thumbnailPublicId}`)},
    ',"owner":{"_id":"', ${users.id},
    '","username":', to_json(${users.username})::text,
    ',"fullname":', to_json(${users.fullname})::text,
    ',"avatar":', ${url(sql`${users.avatarKey}`)},
    ',"subscribersCount":', ${users.subscribersCount}, '}',
    (case when ${videos.hiddenAt} is not null then concat(',"moderation":{"state":"hidden","reason":', ${jsonText(sql`${videos.hiddenReason}`)}, '}') end),
    '}')`;
  const unsafeKey = sql`(case when ${isSafe(sql`concat_ws('/', ${sql.join(keys, sql`, `)})`)} then null else (case ${sql.join(
    keys.map((key) => sql`when not ${isSafe(key)} then ${key}`),
    sql` `,
  )} end) end)`;
  return {
    id: videos.id,
    ownerId: videos.ownerId,
    visibility: sql<VideoVisibility>`${visibility}`,
    hidden: sql<boolean>`(${videos.hiddenAt} is not null)`,
    unsafeKey: sql<string | null>`${unsafeKey}`,
    card: sql<string>`${card}`,
  };
}

/** What a card's SQL takes for `urlPrefix`: the prefix as the content of a JSON string. */
export function cardUrlPrefix(prefix: string): string {
  return JSON.stringify(prefix).slice(1, -1);
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
