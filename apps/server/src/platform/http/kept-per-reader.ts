/**
 * One fact about each signed-in reader kept in memory (decision 0058): the channels they follow,
 * the comments they liked. A shared kept answer (decision 0018) takes each reader's own fields
 * from it instead of asking the database on every read; the reader's own change events drop it
 * (`drop`), in every process, as they drop the reader's kept answers (decision 0025).
 *
 * A value whose load began before a drop of its reader is handed to the reads that asked for it
 * (they began before the change was heard) but is not kept: the next read loads it afresh.
 *
 * Pub/sub may lose a message (decision 0025), so a value is also kept for `ttlMs` at most, and
 * `clear` forgets every value when the event relay reports a gap (as the session cache then
 * trusts its checks only briefly, decision 0056): a change whose event was lost shows after
 * `ttlMs` at the latest, as a kept answer's does when it expires.
 */
/**
 * What the services keep of their readers' facts: 200,000 ids in all per store (about 20 MB at
 * ~100 bytes an id), each reader's trusted five minutes without an event (as a checked session
 * is while revocations are heard, decision 0056).
 */
export const readerFacts = { maxSize: 200_000, ttlMs: 5 * 60_000 } as const;

/**
 * Each reader's ids of one kind (the channels they follow, the comments they liked), read up to
 * `upTo`: null past it, a reader with that many is not kept and their reads ask the database.
 */
export function keptIdSets(
  load: (readerId: string, limit: number) => Promise<readonly string[]>,
  upTo: number,
): KeptPerReader<ReadonlySet<string> | null> {
  return new KeptPerReader({
    load: async (readerId) => {
      const ids = await load(readerId, upTo + 1);
      return ids.length > upTo ? null : new Set(ids);
    },
    sizeOf: (ids) => 1 + (ids?.size ?? 0),
    ...readerFacts,
  });
}

export class KeptPerReader<T> {
  private readonly kept = new Map<string, { value: T; size: number; until: number }>();
  private readonly loading = new Map<string, Promise<T>>();
  private size = 0;

  constructor(
    private readonly options: {
      /** The reader's value, from the database. */
      load(readerId: string): Promise<T>;
      /** Its weight against `maxSize` (ids held, say). */
      sizeOf(value: T): number;
      /** Memory bound: the readers kept longest are forgotten past this total size. */
      maxSize: number;
      /** How long a value is trusted without an event dropping it. */
      ttlMs: number;
      /** The clock (tests move it). */
      now?: () => number;
    },
  ) {}

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** The reader's value: kept, or loaded once for every read asking at the same time. */
  of(readerId: string): Promise<T> {
    const kept = this.kept.get(readerId);
    if (kept) {
      if (kept.until > this.now()) return Promise.resolve(kept.value);
      this.drop(readerId);
    }
    const pending = this.loading.get(readerId);
    if (pending) return pending;
    const load: Promise<T> = this.options.load(readerId).then(
      (value) => {
        if (this.loading.get(readerId) === load) {
          this.loading.delete(readerId);
          this.keep(readerId, value);
        }
        return value;
      },
      (error: unknown) => {
        if (this.loading.get(readerId) === load) this.loading.delete(readerId);
        throw error;
      },
    );
    this.loading.set(readerId, load);
    return load;
  }

  /** Forgets the reader's value (their change was heard), and any load of it under way. */
  drop(readerId: string): void {
    this.loading.delete(readerId);
    const kept = this.kept.get(readerId);
    if (!kept) return;
    this.size -= kept.size;
    this.kept.delete(readerId);
  }

  /** Forgets every reader's value and every load under way (an event may have been lost). */
  clear(): void {
    this.loading.clear();
    this.kept.clear();
    this.size = 0;
  }

  /** How many readers' values are kept (for tests). */
  get readers(): number {
    return this.kept.size;
  }

  private keep(readerId: string, value: T): void {
    const size = this.options.sizeOf(value);
    if (size > this.options.maxSize) return;
    // Map order is insertion order: the first readers are those kept longest.
    for (const [id, old] of this.kept) {
      if (this.size + size <= this.options.maxSize) break;
      this.kept.delete(id);
      this.size -= old.size;
    }
    this.kept.set(readerId, { value, size, until: this.now() + this.options.ttlMs });
    this.size += size;
  }
}
