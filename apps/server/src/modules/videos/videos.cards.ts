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
import type { Database } from '../../platform/db/client';
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

/**
 * The select fields of a card, for a query over `videos` joined with `users` on the owner.
 * `urlPrefix` is the storage's `publicUrlPrefix()` as JSON string content (`cardUrlPrefix`), a
 * parameter or a named statement's placeholder: a URL is the prefix and the key, as
 * `Storage.publicUrl` makes it, and a safe key needs no escaping.
 *
 * The card is a concatenation of what its rows keep written (migrations 0028 and 0031, decision
 * 0055): the video's start (`card_head`: id, title, description, dates) and body (`card_body`:
 * URLs, state, the original's facts, renditions, the moderation notice), with the counts that
 * change too often to rewrite the row for (views, likes, comments) and the owner's members
 * (`users.card_owner`) with the subscriber count appended. The stored URLs are keys after a
 * 0x01 byte, which the prefix replaces. The first unsafe storage key is kept beside, as
 * `isSafeKey` would find it, so no key is matched on a read. Written per row by PostgreSQL,
 * parsed by no one.
 *
 * A row written with the triggers off (the bench seed, a backup from before a migration) has
 * none of these kept; it is written here by the same functions, through a subquery on its id:
 * referring to the whole row in the select list would build every row's copy on every read.
 */
export function videoCardColumns(urlPrefix: SQL) {
  const visibility = sql`(case when ${videos.isPublished} then 'public' when ${videos.isUnlisted} then 'unlisted' else 'private' end)`;
  const head = sql`coalesce(${videos.cardHead}, videos_card_head_of(${videos.id}, ${videos.title}, ${videos.description}, ${videos.createdAt}, ${videos.updatedAt}))`;
  const videoRow = (fn: string) =>
    sql`(select ${sql.raw(fn)}(v) from ${videos} v where v.id = ${videos.id})`;
  const userRow = (fn: string) =>
    sql`(select ${sql.raw(fn)}(u) from ${users} u where u.id = ${users.id})`;
  const body = sql`coalesce(${videos.cardBody}, ${videoRow('videos_card_body_of')})`;
  const owner = sql`coalesce(${users.cardOwner}, ${userRow('users_card_owner_of')})`;
  const card = sql`concat('{', ${head}, replace(${body}, chr(1), ${urlPrefix}::text),
    ',"views":', ${videos.views},
    ',"likes":', ${videos.likesCount},
    ',"comments":', ${videos.commentsCount},
    ',"owner":', replace(${owner}, chr(1), ${urlPrefix}::text), ${users.subscribersCount}, '}}')`;
  const unsafeKey = sql`coalesce(
    (case when ${videos.cardBody} is null then ${videoRow('videos_card_unsafe_key_of')} else ${videos.cardUnsafeKey} end),
    (case when ${users.cardOwner} is null then ${userRow('users_card_unsafe_key_of')} else ${users.cardUnsafeKey} end))`;
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

/**
 * A repository that reads cards: the database it reads, where its writes go, and the cards'
 * URL prefix as its card statements take it.
 */
export abstract class CardRepository {
  /** The cards' URL prefix as JSON string content (`cardUrlPrefix`). */
  readonly mediaUrlPrefix: string;

  constructor(
    protected readonly db: Database,
    /** `Storage.publicUrlPrefix()`: the cards' URLs are written by the database (decision 0049). */
    mediaUrlPrefix: string,
    /** Where writes go (decision 0059): connections no read waits for; `db` on PGlite. */
    protected readonly writes: Database = db,
  ) {
    this.mediaUrlPrefix = cardUrlPrefix(mediaUrlPrefix);
  }
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
  const cards = rows.map((row) => row.card);
  // Each card is a text other kept answers (other people's feeds) may hold too.
  return prewritten(summaries, `[${cards.join(',')}]`, cards) as unknown as Video[];
}

/**
 * The entries of an answer that extends the contract's `Video` (a history entry): each card's
 * text with `members(row)` (JSON members, each after a comma, in the schema's order) written
 * after the card's own. Typed as the caller's list; its objects hold what `presentVideoCards`
 * says.
 */
export function presentVideoCardsWith<R extends VideoCardRow, T extends Video>(
  rows: readonly R[],
  members: (row: R) => string,
): T[] {
  const summaries = rows.map(summaryOf);
  // Each card but its last brace: a text other people's kept histories may hold too.
  const cards = rows.map((row) => row.card.slice(0, -1));
  const text = rows.map((row, i) => `${cards[i]}${members(row)}}`).join(',');
  return prewritten(summaries, `[${text}]`, cards) as unknown as T[];
}

/** One video's answer as its prewritten text (its object holds what `presentVideoCards` says). */
export function presentVideoCard(row: VideoCardRow): Video {
  return prewritten(summaryOf(row), row.card) as unknown as Video;
}
