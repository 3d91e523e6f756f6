/**
 * Each reader's first entries of history kept in memory, moved in place by their own position
 * saves (decision 0060).
 *
 * The player saves every watcher's position every 10 s, and each save made the person's kept
 * history answer stale: it was dropped and computed again (a query of 50 cards, 2-3 ms of Node
 * and PostgreSQL), 100 times a second for the traffic model's 1,000 watchers. Here the rows of
 * a person's first page are kept, and their own save of a video in them moves that entry to the
 * top with the position and time PostgreSQL stored (carried by `history.saved`), so the next
 * answer is written from memory; a save of a video not in them, a removal, and anything that
 * changes what a card or its owner shows forget the reader's rows (their next read asks
 * PostgreSQL), in every process (`onAnyProcess`). A card's counters (views, likes) may lag by
 * `ttlMs`, as a kept answer's do. Each card's text is held once for every reader holding it.
 *
 * A load begun before a change to its reader is handed to the reads that asked for it but not
 * kept, as in `KeptPerReader`; the event relay's gap forgets every reader (`clear`).
 */
import type { DomainEventMap, DomainEvents } from '../../platform/events/domain-events';
import { dropOnChanges, shows } from '../../platform/http/kept-tags';
import type { HistoryRecord } from './history.repository';

/** What a person's kept rows answer: the first `rows.length` entries, or all when `complete`. */
interface Kept {
  rows: HistoryRecord[];
  /** The history holds no more entries the reader may see than these. */
  complete: boolean;
  until: number;
  /** What the rows show, as the kept answers' tags (`kept-tags.ts`). */
  tags: string[];
}

export interface KeptHistoryOptions {
  /** The reader's first `limit` entries, from the database. */
  load(userId: string, limit: number): Promise<HistoryRecord[]>;
  /** How long rows are trusted for their cards' counters (a kept answer's lifetime). */
  ttlMs: number;
  /**
   * Memory bound, in bytes: each distinct card's text (two bytes a character, as a string may
   * hold) and `rowBytes` a kept row; the readers kept longest are forgotten past it.
   */
  maxBytes: number;
  now?: () => number;
}

export class KeptHistory {
  private readonly readers = new Map<string, Kept>();
  private readonly loading = new Map<string, Promise<HistoryRecord[]>>();
  /** Which readers' rows show each tag. */
  private readonly tagged = new Map<string, Set<string>>();
  /** Each card's text, held once, with how many kept rows hold it. */
  private readonly cards = new Map<string, { text: string; holders: number }>();
  /** What the kept rows and card texts hold, counted as `maxBytes` says. */
  private bytes = 0;
  /**
   * Changes heard while loads ran (numbered in order), so that a load whose statement may
   * have read a video before its change is not kept: pruned to those newer than the oldest
   * load still running.
   */
  private dropNumber = 0;
  private recentDrops: { number: number; tags: ReadonlySet<string> }[] = [];
  /** How many loads started after each drop number are running. */
  private readonly runningSince = new Map<number, number>();

  constructor(private readonly options: KeptHistoryOptions) {}

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** The reader's first `limit` entries: kept, or loaded (and kept unless changed meanwhile). */
  async firstPage(userId: string, limit: number): Promise<HistoryRecord[]> {
    const kept = this.readers.get(userId);
    if (kept) {
      if (kept.until > this.now() && (kept.complete || kept.rows.length >= limit)) {
        return kept.rows.slice(0, limit);
      }
      this.drop(userId);
    }
    const pending = this.loading.get(userId);
    // One load at a time per reader; a load for fewer entries than asked is not enough.
    if (pending) {
      const rows = await pending;
      if (rows.length >= limit) return rows.slice(0, limit);
    }
    const since = this.dropNumber;
    this.runningSince.set(since, (this.runningSince.get(since) ?? 0) + 1);
    const load: Promise<HistoryRecord[]> = this.options.load(userId, limit).then((rows) => {
      const current = this.loading.get(userId) === load;
      if (current) this.loading.delete(userId);
      if (current && !this.changedSince(since, userId, rows)) {
        this.keep(userId, rows, rows.length < limit);
      }
      this.loadEnded(since);
      return rows;
    });
    this.loading.set(userId, load);
    load.catch(() => {
      if (this.loading.get(userId) === load) this.loading.delete(userId);
      this.loadEnded(since);
    });
    return load;
  }

  /**
   * Whether a change heard after drop number `since` drops any tag the reader's rows would be
   * kept under (`tagsOf`): their own history (a removal, a clear), their own answers, every
   * history, a video or an owner the rows show.
   */
  private changedSince(since: number, userId: string, rows: readonly HistoryRecord[]): boolean {
    const drops = this.recentDrops.filter((drop) => drop.number > since);
    if (drops.length === 0) return false;
    const kept = tagsOf(userId, rows);
    return drops.some(({ tags }) => [...kept].some((tag) => tags.has(tag)));
  }

  private loadEnded(since: number): void {
    const left = (this.runningSince.get(since) ?? 1) - 1;
    if (left > 0) this.runningSince.set(since, left);
    else this.runningSince.delete(since);
    // Map order is insertion order, and numbers only grow: the first is the oldest running.
    const oldest = this.runningSince.keys().next();
    this.recentDrops = oldest.done
      ? []
      : this.recentDrops.filter((drop) => drop.number > oldest.value);
  }

  /**
   * The reader saved a position: the entry moves to where its new time puts it (the top), in
   * place, when their rows hold that video and the event says what was stored; otherwise their
   * rows are forgotten, as they are when an older save is heard after a newer one.
   */
  saved(change: DomainEventMap['history.saved']): void {
    const { userId, videoId, stored } = change;
    this.loading.delete(userId);
    const kept = this.readers.get(userId);
    if (!kept) return;
    const at = kept.rows.findIndex((row) => row.id === videoId);
    if (at < 0 || !stored) return this.drop(userId);
    const row = kept.rows[at]!;
    const micros = BigInt(stored.watchedAtMicros);
    // Heard out of order (two saves of one video at once, or another process's late): the
    // row holds whichever committed last, which its time does not tell; ask PostgreSQL.
    if (micros < BigInt(row.watchedAtMicros)) return this.drop(userId);
    const moved: HistoryRecord = {
      ...row,
      positionSeconds: stored.positionSeconds,
      watchedAtMicros: stored.watchedAtMicros,
      // As the driver reads the column: the time to the millisecond, cut, not rounded.
      watchedAt: new Date(Number(micros / 1000n)),
    };
    kept.rows.splice(at, 1);
    const before = kept.rows.findIndex((other) => !comesBefore(other, moved));
    kept.rows.splice(before < 0 ? kept.rows.length : before, 0, moved);
  }

  /** Forgets the readers whose rows show any of `tags` (a change event's, `dropsOf`). */
  dropTags(tags: readonly string[]): void {
    this.dropNumber += 1;
    if (this.runningSince.size > 0) {
      this.recentDrops.push({ number: this.dropNumber, tags: new Set(tags) });
    }
    for (const tag of tags) {
      const readers = this.tagged.get(tag);
      if (!readers) continue;
      for (const userId of [...readers]) this.drop(userId);
    }
  }

  /** Forgets the reader's rows, and any load of them under way. */
  drop(userId: string): void {
    this.loading.delete(userId);
    const kept = this.readers.get(userId);
    if (!kept) return;
    this.readers.delete(userId);
    this.bytes -= kept.rows.length * rowBytes;
    for (const tag of kept.tags) {
      const readers = this.tagged.get(tag);
      if (!readers) continue;
      readers.delete(userId);
      if (readers.size === 0) this.tagged.delete(tag);
    }
    for (const row of kept.rows) {
      const card = this.cards.get(row.card);
      if (card && --card.holders === 0) {
        this.cards.delete(row.card);
        this.bytes -= textBytes(row.card);
      }
    }
  }

  /** Forgets every reader (the event relay had a gap: an event may be lost). */
  clear(): void {
    this.loading.clear();
    this.readers.clear();
    this.tagged.clear();
    this.cards.clear();
    this.bytes = 0;
  }

  /** How many readers' rows, and distinct card texts, are kept (for tests). */
  get size(): { readers: number; cards: number } {
    return { readers: this.readers.size, cards: this.cards.size };
  }

  /**
   * Listens to the changes of every process: a reader's own saves move their rows, and any
   * other change to what the rows show (their own removals, a video's or its owner's card)
   * forgets them. Answers the function that stops listening.
   */
  listen(events: DomainEvents): () => void {
    const stopDrops = dropOnChanges(events, (tags) => this.dropTags(tags), ['history.saved']);
    const stopSaves = events.onAnyProcess('history.saved', (change) => this.saved(change));
    return () => {
      stopDrops();
      stopSaves();
    };
  }

  private keep(userId: string, rows: HistoryRecord[], complete: boolean): void {
    if (this.options.ttlMs <= 0) return;
    // Two loads of one reader's rows (a second asked for more than the first brought): the
    // rows of the first go before the second's are kept, or their count and cards would stay.
    this.drop(userId);
    // At most what the rows would add if none of their cards were held yet.
    const adds = rows.reduce((sum, row) => sum + rowBytes + textBytes(row.card), 0);
    if (adds > this.options.maxBytes) return;
    // Map order is insertion order: the first readers are those kept longest.
    for (const id of this.readers.keys()) {
      if (this.bytes + adds <= this.options.maxBytes) break;
      this.drop(id);
    }
    const tags = tagsOf(userId, rows);
    const held = rows.map((row) => {
      let card = this.cards.get(row.card);
      if (!card) {
        this.cards.set(row.card, (card = { text: row.card, holders: 0 }));
        this.bytes += textBytes(row.card);
      }
      card.holders += 1;
      return { ...row, card: card.text };
    });
    for (const tag of tags) {
      let readers = this.tagged.get(tag);
      if (!readers) this.tagged.set(tag, (readers = new Set()));
      readers.add(userId);
    }
    this.readers.set(userId, {
      rows: held,
      complete,
      until: this.now() + this.options.ttlMs,
      tags: [...tags],
    });
    this.bytes += rows.length * rowBytes;
  }
}

/** What a reader's kept rows show, as the kept answers' tags (`kept-tags.ts`). */
function tagsOf(userId: string, rows: readonly HistoryRecord[]): Set<string> {
  const tags = new Set<string>([shows.history(userId), shows.reader(userId), shows.historyInSight]);
  for (const row of rows) {
    tags.add(shows.video(row.id));
    tags.add(shows.person(row.ownerId));
  }
  return tags;
}

/** A kept row's own fields and its place in the maps, roughly. */
const rowBytes = 256;

/**
 * What a string takes in memory: a byte a character when every character fits in one (V8 then
 * holds it so, as it does the cards' mostly ASCII texts), else two (decision 0064: counting
 * two for every card held a third of the model's people's rows at the bound).
 */
const textBytes = (text: string) => (wideText.test(text) ? 2 : 1) * text.length;
const wideText = /[\u0100-\uffff]/;

/** Whether `a` comes before `b` in a history: the later watched first, then the greater id. */
function comesBefore(a: HistoryRecord, b: HistoryRecord): boolean {
  const am = BigInt(a.watchedAtMicros);
  const bm = BigInt(b.watchedAtMicros);
  return am !== bm ? am > bm : a.id > b.id;
}
