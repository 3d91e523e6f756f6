/**
 * Notifications' SQL (decision 0035). An entry is one row per recipient and `group_key`; a
 * repeated event either moves its entry up as unread (`bump`: likes, a subscription again) or
 * leaves it be (`keep`: a comment's mentions after an edit). Who liked a comment and how many is
 * read from `likes` when shown, so a grouped entry's count is exact whatever the order of likes
 * and unlikes. What a reader may not see (a draft's, a blocked person's) is left out when read,
 * by `notificationsVisibleTo`.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { NotificationKind, NotificationSetting, ReportOutcome } from '@kinora/contract';
import { notificationKinds, notificationUnreadCap } from '@kinora/contract';
import { isStaff, type Viewer } from '../../platform/auth/roles';
import { queryRows, type Database } from '../../platform/db/client';
import { microsOf, pastCursor, type KeysetPosition } from '../../platform/db/keyset';
import {
  comments,
  likes,
  notifications,
  notificationSettings,
  subscriptions,
  tweets,
  users,
  videos,
} from '../../platform/db/schema';
import { blockedBetween, notificationsVisibleTo } from './notifications.policy';

/** What one event makes: its kind, who did it, what it points at, and its entry's key. */
export interface NewNotification {
  kind: NotificationKind;
  actorId: string;
  groupKey: string;
  videoId?: string | null;
  commentId?: string | null;
  tweetId?: string | null;
  requestId?: string | null;
  conversationId?: string | null;
  /** A repeat moves the entry up as unread (`bump`) or leaves it (`keep`). */
  onRepeat: 'bump' | 'keep';
}

export interface NotificationRow {
  id: string;
  kind: NotificationKind;
  readAt: Date | null;
  updatedAt: Date;
  micros: string;
  videoId: string | null;
  videoTitle: string | null;
  commentId: string | null;
  commentContent: string | null;
  /** The top comment a reply hangs under (null for a top comment). */
  commentParentId: string | null;
  tweetId: string | null;
  tweetContent: string | null;
  conversationId: string | null;
  /** How a handled report ended (`report_handled`). */
  reportOutcome: ReportOutcome | null;
  actor: { id: string; username: string; fullname: string; avatarKey: string | null };
  /** Everyone who did it (the likers of a comment); 1 for the other kinds. */
  actorTotal: number;
}

interface RawRow {
  id: string;
  recipient_id: string;
  kind: NotificationKind;
  read_at: Date | string | null;
  updated_at: Date | string;
  micros: string;
  video_id: string | null;
  video_title: string | null;
  comment_id: string | null;
  comment_content: string | null;
  comment_parent_id: string | null;
  tweet_id: string | null;
  tweet_content: string | null;
  conversation_id: string | null;
  report_outcome: ReportOutcome | null;
  actor_id: string;
  actor_username: string;
  actor_fullname: string;
  actor_avatar_key: string | null;
  actor_total: number | string;
}

const rawColumns: (keyof RawRow)[] = [
  'id',
  'recipient_id',
  'kind',
  'read_at',
  'updated_at',
  'micros',
  'video_id',
  'video_title',
  'comment_id',
  'comment_content',
  'comment_parent_id',
  'tweet_id',
  'tweet_content',
  'conversation_id',
  'report_outcome',
  'actor_id',
  'actor_username',
  'actor_fullname',
  'actor_avatar_key',
  'actor_total',
];

/** Named list statements one connection keeps (role kind, cursor or none, page size). */
const namedListsPerConnection = 64;

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** The entries of one reader that they may see, newest first: the statement of `list`. */
function entriesStatement(
  reader: Viewer,
  page: { limit: number; after: KeysetPosition | null; groupKey?: string },
): SQL {
  return sql`select n.id, n.recipient_id, n.kind, n.read_at, n.updated_at, ${microsOf(sql`n.updated_at`)} as micros,
            n.video_id, ${videos.title} as video_title, n.comment_id,
            left(c.content, 200) as comment_content, c.parent_id as comment_parent_id, n.tweet_id,
            left(t.content, 200) as tweet_content, n.conversation_id, n.report_outcome,
            a.id as actor_id, a.username as actor_username, a.fullname as actor_fullname,
            a.avatar_key as actor_avatar_key,
            case when n.kind = 'comment_like'
              then (select count(*) from ${likes} l
                    where l.comment_id = n.comment_id and l.user_id <> n.recipient_id)
              else 1 end as actor_total
          from ${notifications} n
          cross join lateral (select case when n.kind = 'comment_like'
              then (select l.user_id from ${likes} l
                    where l.comment_id = n.comment_id and l.user_id <> n.recipient_id
                    order by l.created_at desc, l.id desc limit 1)
              else n.actor_id end as id) who
          join ${users} a on a.id = who.id
          left join ${videos} on ${videos.id} = n.video_id
          left join ${comments} c on c.id = n.comment_id
          left join ${tweets} t on t.id = n.tweet_id
          where n.recipient_id = ${reader.userId}
            ${page.after ? sql`and ${pastCursor(sql`n.updated_at`, sql`n.id`, page.after)}` : sql``}
            ${page.groupKey === undefined ? sql`` : sql`and n.group_key = ${page.groupKey}`}
            and ${notificationsVisibleTo(reader, sql`n`)}
          order by n.updated_at desc, n.id desc
          limit ${page.limit}`;
}

const asRow = (r: RawRow): NotificationRow => ({
  id: r.id,
  kind: r.kind,
  readAt: r.read_at === null ? null : asDate(r.read_at),
  updatedAt: asDate(r.updated_at),
  micros: r.micros,
  videoId: r.video_id,
  videoTitle: r.video_title,
  commentId: r.comment_id,
  commentContent: r.comment_content,
  commentParentId: r.comment_parent_id,
  tweetId: r.tweet_id,
  tweetContent: r.tweet_content,
  conversationId: r.conversation_id,
  reportOutcome: r.report_outcome,
  actor: {
    id: r.actor_id,
    username: r.actor_username,
    fullname: r.actor_fullname,
    avatarKey: r.actor_avatar_key,
  },
  actorTotal: Number(r.actor_total),
});

/** People whose entries `entriesOf` reads in one statement. */
const entriesPerStatement = 200;

/** Mentioned people per text, at most; a longer list of @names is cut here. */
export const mentionsPerText = 20;

export class NotificationsRepository {
  constructor(private readonly db: Database) {}

  /**
   * Adds (or repeats) an entry for each recipient, except the
   * actor, a person who turned the kind off, and one between whom and the actor stands a block.
   * Answers the recipients whose unread entries changed.
   */
  async add(recipients: Recipients, n: NewNotification): Promise<string[]> {
    const onRepeat =
      n.onRepeat === 'bump'
        ? sql`do update set actor_id = excluded.actor_id, updated_at = now(), read_at = null`
        : sql`do nothing`;
    const rows = await queryRows<{ recipient_id: string }>(
      this.db,
      sql`insert into ${notifications} as n (recipient_id, kind, actor_id, video_id, comment_id,
            tweet_id, request_id, conversation_id, group_key)
          select r.id, ${n.kind}, ${n.actorId}::uuid, ${n.videoId ?? null}::uuid,
            ${n.commentId ?? null}::uuid, ${n.tweetId ?? null}::uuid, ${n.requestId ?? null}::uuid,
            ${n.conversationId ?? null}::uuid, ${n.groupKey}
          from (${recipientsSelect(recipients)}) as r(id)
          where r.id <> ${n.actorId}::uuid
            and ${wantsInApp(sql`r.id`, n.kind)}
            and not ${blockedBetween(sql`r.id`, sql`${n.actorId}::uuid`)}
          on conflict (recipient_id, group_key) ${onRepeat}
          returning recipient_id`,
    );
    return rows.map((r) => r.recipient_id);
  }

  /**
   * Tells a reporter how their report ended, one entry per report. The entry's `actor` is whose
   * the reported thing is (the reporter for a conversation), never the moderator, and it is made
   * whatever blocks stand between them: it is about the reporter's own report.
   */
  async addReportHandled(r: {
    reportId: string;
    reporterId: string;
    actorId: string;
    outcome: ReportOutcome;
    videoId: string | null;
    commentId: string | null;
    tweetId: string | null;
    conversationId: string | null;
  }): Promise<boolean> {
    const rows = await queryRows<{ recipient_id: string }>(
      this.db,
      sql`insert into ${notifications} (recipient_id, kind, actor_id, video_id, comment_id,
            tweet_id, conversation_id, group_key, report_outcome)
          select ${r.reporterId}::uuid, 'report_handled', ${r.actorId}::uuid, ${r.videoId}::uuid,
            ${r.commentId}::uuid, ${r.tweetId}::uuid, ${r.conversationId}::uuid,
            ${`report:${r.reportId}`}, ${r.outcome}
          where ${wantsInApp(sql`${r.reporterId}::uuid`, 'report_handled')}
          on conflict (recipient_id, group_key) do update set report_outcome = excluded.report_outcome,
            updated_at = now(), read_at = null
          returning recipient_id`,
    );
    return rows.length > 0;
  }

  /**
   * One batch of a new video's fan-out: an entry for each of the next `size` followers of the
   * channel after `after` (by id), in one INSERT…SELECT. Answers the last follower read (null
   * when there were none) and those newly told.
   */
  async fanOutVideoBatch(input: {
    videoId: string;
    ownerId: string;
    after: string | null;
    size: number;
  }): Promise<{ last: string | null; told: string[] }> {
    const { videoId, ownerId, after, size } = input;
    const rows = await queryRows<{ kind: 'last' | 'told'; id: string }>(
      this.db,
      sql`with batch as (
            select ${subscriptions.subscriberId} as id from ${subscriptions}
            where ${subscriptions.channelId} = ${ownerId}
              ${after ? sql`and ${subscriptions.subscriberId} > ${after}::uuid` : sql``}
            order by ${subscriptions.subscriberId}
            limit ${size}
          ), told as (
            insert into ${notifications} (recipient_id, kind, actor_id, video_id, group_key)
            select b.id, 'new_video', ${ownerId}::uuid, ${videoId}::uuid, ${`video:${videoId}`}
            from batch b
            where ${wantsInApp(sql`b.id`, 'new_video')}
              and not ${blockedBetween(sql`b.id`, sql`${ownerId}::uuid`)}
            on conflict (recipient_id, group_key) do nothing
            returning recipient_id
          )
          select 'last' as kind, (select id from batch order by id desc limit 1)::text as id
          union all
          select 'told', recipient_id::text from told`,
    );
    return {
      last: rows.find((r) => r.kind === 'last')?.id ?? null,
      told: rows.filter((r) => r.kind === 'told').map((r) => r.id),
    };
  }

  /** Whether the video is still out (a fan-out stops when its video went back to a draft). */
  async isPublished(videoId: string): Promise<boolean> {
    const [row] = await queryRows<{ is_published: boolean }>(
      this.db,
      sql`select ${videos.isPublished} as is_published from ${videos} where ${videos.id} = ${videoId}`,
    );
    return row?.is_published ?? false;
  }

  /** Removes an entry (a subscription taken back); answers whether it was unread. */
  async remove(recipientId: string, groupKey: string): Promise<boolean> {
    const rows = await queryRows<{ unread: boolean }>(
      this.db,
      sql`delete from ${notifications}
          where ${notifications.recipientId} = ${recipientId} and ${notifications.groupKey} = ${groupKey}
          returning ${notifications.readAt} is null as unread`,
    );
    return rows.some((r) => r.unread);
  }

  /**
   * Removes the entry of likes on a comment once nobody but its author likes it, so an unlike
   * leaves no entry of nobody. A like at the same moment adds it back after.
   */
  async removeUnlikedComment(commentId: string): Promise<string[]> {
    const rows = await queryRows<{ recipient_id: string }>(
      this.db,
      sql`delete from ${notifications} n
          where n.comment_id = ${commentId} and n.kind = 'comment_like'
            and not exists (select 1 from ${likes} l
              where l.comment_id = n.comment_id and l.user_id <> n.recipient_id)
          returning n.recipient_id`,
    );
    return rows.map((r) => r.recipient_id);
  }

  /** Removes mention entries of a text for the people it no longer names. */
  async removeMentionsExcept(
    target: { commentId: string } | { tweetId: string },
    usernames: string[],
  ): Promise<string[]> {
    const targetCondition =
      'commentId' in target
        ? sql`n.comment_id = ${target.commentId}`
        : sql`n.tweet_id = ${target.tweetId}`;
    const rows = await queryRows<{ recipient_id: string }>(
      this.db,
      sql`delete from ${notifications} n
          where ${targetCondition} and n.kind = 'mention'
            and not exists (select 1 from ${users} u where u.id = n.recipient_id
              and u.username = any(${pgTextArray(usernames)}))
          returning n.recipient_id`,
    );
    return rows.map((r) => r.recipient_id);
  }

  /** The comment's video, its owner and the comment's author and text. */
  async commentFacts(commentId: string) {
    const [row] = await queryRows<{
      video_id: string;
      video_owner_id: string;
      author_id: string;
      content: string;
    }>(
      this.db,
      sql`select c.video_id, v.owner_id as video_owner_id, c.owner_id as author_id, c.content
          from ${comments} c join ${videos} v on v.id = c.video_id
          where c.id = ${commentId}`,
    );
    return row
      ? {
          videoId: row.video_id,
          videoOwnerId: row.video_owner_id,
          authorId: row.author_id,
          content: row.content,
        }
      : null;
  }

  async tweetContent(tweetId: string): Promise<string | null> {
    const [row] = await queryRows<{ content: string }>(
      this.db,
      sql`select ${tweets.content} as content from ${tweets} where ${tweets.id} = ${tweetId}`,
    );
    return row?.content ?? null;
  }

  /**
   * A page of the reader's entries that they may see, newest first: a named prepared statement
   * per role kind, cursor or none, and page size, so a connection plans it once, not on every
   * read (the visibility checks make it dear to plan: 4.5 ms against 0.7 ms to run).
   */
  async list(
    reader: Viewer,
    page: { limit: number; after: KeysetPosition | null },
  ): Promise<NotificationRow[]> {
    const values = {
      readerId: reader.userId,
      micros: page.after?.micros ?? null,
      cursorId: page.after?.id ?? null,
    };
    const name = `notifications_list_${isStaff(reader) ? 'staff' : 'user'}${page.after ? '_after' : ''}_${Math.trunc(page.limit)}`;
    let statement = this.listStatements.get(name);
    if (!statement && this.listStatements.size < namedListsPerConnection) {
      statement = this.listQuery(isStaff(reader), page.after !== null, page.limit).prepare(name);
      this.listStatements.set(name, statement);
    }
    const rows = statement
      ? await statement.execute(values)
      : await this.listQuery(isStaff(reader), page.after !== null, page.limit).execute(values);
    return (rows as unknown as RawRow[]).map(asRow);
  }

  private readonly listStatements = new Map<
    string,
    ReturnType<ReturnType<NotificationsRepository['listQuery']>['prepare']>
  >();

  /** `list`'s statement, the reader, cursor and limit as placeholders (the limit written in). */
  private listQuery(staff: boolean, afterCursor: boolean, limit: number) {
    // The policies write the reader's id where they compare with it: here, a placeholder.
    const reader: Viewer = {
      userId: sql.placeholder('readerId') as unknown as string,
      role: staff ? 'moderator' : 'user',
    };
    const statement = entriesStatement(reader, {
      limit: sql.raw(String(Math.trunc(limit))) as unknown as number,
      after: afterCursor
        ? ({
            micros: sql.placeholder('micros'),
            id: sql.placeholder('cursorId'),
          } as unknown as KeysetPosition)
        : null,
    });
    return this.db
      .select(
        Object.fromEntries(rawColumns.map((c) => [c, sql.raw(`e.${c}`)])) as Record<
          keyof RawRow,
          SQL
        >,
      )
      .from(sql`(${statement}) as e`);
  }

  /**
   * The entry of `groupKey` of each of these people, as each may see it (none for one who may
   * no longer see what it is about): one statement for up to 200 of them, each person's entry
   * read as `list` reads it for them.
   */
  async entriesOf(
    userIds: readonly string[],
    groupKey: string,
  ): Promise<Map<string, NotificationRow>> {
    const found = new Map<string, NotificationRow>();
    // A fan-out's batch holds thousands: a statement per `entriesPerStatement` of them.
    for (let from = 0; from < userIds.length; from += entriesPerStatement) {
      const each = userIds
        .slice(from, from + entriesPerStatement)
        .map(
          (userId) =>
            sql`(${entriesStatement({ userId, role: 'user' }, { limit: 1, after: null, groupKey })})`,
        );
      const rows = await queryRows<RawRow>(this.db, sql.join(each, sql` union all `));
      for (const row of rows) found.set(row.recipient_id, asRow(row));
    }
    return found;
  }

  /**
   * The reader's unread entries that they may see, counted up to the cap: a named prepared
   * statement per role kind, planned once per connection (its visibility checks cost more to
   * plan than to run over the unread index). Every new entry and every mark asks it.
   */
  async unreadCount(reader: Viewer): Promise<number> {
    const kind = isStaff(reader) ? 'staff' : 'user';
    let statement = this.unreadStatements.get(kind);
    if (!statement) {
      statement = this.unreadQuery(kind).prepare(`notifications_unread_${kind}`);
      this.unreadStatements.set(kind, statement);
    }
    const [row] = await statement.execute({ readerId: reader.userId });
    return Number(row?.count ?? 0);
  }

  private readonly unreadStatements = new Map<
    'user' | 'staff',
    ReturnType<ReturnType<NotificationsRepository['unreadQuery']>['prepare']>
  >();

  /** `unreadCount`'s statement, the reader's id a placeholder. */
  private unreadQuery(kind: 'user' | 'staff') {
    const reader: Viewer = {
      userId: sql.placeholder('readerId') as unknown as string,
      role: kind === 'staff' ? 'moderator' : 'user',
    };
    return this.db.select({ count: sql<number | string>`count(*)` }).from(
      sql`(select 1 from ${notifications} n
            where n.recipient_id = ${reader.userId} and n.read_at is null
              and ${notificationsVisibleTo(reader, sql`n`)}
            limit ${sql.raw(String(notificationUnreadCap))}) as unread`,
    );
  }

  async recipientOf(notificationId: string): Promise<{ recipientId: string } | null> {
    const [row] = await queryRows<{ recipient_id: string }>(
      this.db,
      sql`select ${notifications.recipientId} as recipient_id from ${notifications}
          where ${notifications.id} = ${notificationId}`,
    );
    return row ? { recipientId: row.recipient_id } : null;
  }

  async markRead(notificationId: string): Promise<void> {
    await this.db.execute(
      sql`update ${notifications} set read_at = now()
          where ${notifications.id} = ${notificationId} and ${notifications.readAt} is null`,
    );
  }

  async markAllRead(recipientId: string): Promise<void> {
    await this.db.execute(
      sql`update ${notifications} set read_at = now()
          where ${notifications.recipientId} = ${recipientId} and ${notifications.readAt} is null`,
    );
  }

  /** The person's choice for every kind, the defaults where they made none. */
  async settings(userId: string): Promise<NotificationSetting[]> {
    const rows = await queryRows<{ kind: NotificationKind; in_app: boolean; push: boolean }>(
      this.db,
      sql`select kind, in_app, push from ${notificationSettings}
          where ${notificationSettings.userId} = ${userId}`,
    );
    const chosen = new Map(rows.map((r) => [r.kind, r]));
    return notificationKinds.map((kind) => {
      const row = chosen.get(kind);
      return { kind, inApp: row?.in_app ?? true, push: row?.push ?? false };
    });
  }

  async saveSettings(userId: string, settings: NotificationSetting[]): Promise<void> {
    await this.db
      .insert(notificationSettings)
      .values(settings.map((s) => ({ userId, kind: s.kind, inApp: s.inApp, push: s.push })))
      .onConflictDoUpdate({
        target: [notificationSettings.userId, notificationSettings.kind],
        set: { inApp: sql`excluded.in_app`, push: sql`excluded.push` },
      });
  }
}

/** The recipient has not turned this kind off in the app. */
const wantsInApp = (recipient: SQL, kind: NotificationKind) =>
  sql`not exists (select 1 from ${notificationSettings} s
    where s.user_id = ${recipient} and s.kind = ${kind} and not s.in_app)`;

/** A text[] parameter both drivers take. */
const pgTextArray = (values: string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/** Who an entry is for: one person, or the people with these usernames (one of them aside). */
export type Recipients =
  | { userId: string }
  | {
      usernames: string[];
      except?: string;
      /** Leaves out those who hold an entry of this key (told of a reply, not its @name too). */
      exceptHolding?: string;
    };

const recipientsSelect = (r: Recipients) =>
  'userId' in r
    ? sql`select ${r.userId}::uuid`
    : sql`select ${users.id} from ${users} where ${users.username} = any(${pgTextArray(r.usernames)})
        ${r.except ? sql`and ${users.id} <> ${r.except}::uuid` : sql``}
        ${
          r.exceptHolding
            ? sql`and not exists (select 1 from ${notifications} h
                where h.recipient_id = ${users.id} and h.group_key = ${r.exceptHolding})`
            : sql``
        }`;
