import { describe, expect, it } from 'vitest';
import { BatchedLookup, LookupTimeoutError } from './batched-lookup';

interface Row {
  key: string;
  value: number;
}

/** A lookup over a table in memory that records the keys of each statement it was sent. */
function lookupOver(
  table: Row[],
  options: { maxBatch?: number; maxInFlight?: number; timeoutMs?: number } = {},
) {
  const statements: string[][] = [];
  const releases: (() => void)[] = [];
  let hold = false;
  const lookup = new BatchedLookup<string, Row>({
    read: async (keys) => {
      statements.push(keys);
      if (hold) await new Promise<void>((resolve) => releases.push(resolve));
      if (keys.includes('fails')) throw new Error('statement failed');
      return table.filter((row) => keys.includes(row.key)).reverse();
    },
    keyOf: (row) => row.key,
    ...options,
  });
  return {
    lookup,
    statements,
    holdStatements(on: boolean) {
      hold = on;
    },
    releaseAll() {
      for (const release of releases.splice(0)) release();
    },
  };
}

const table: Row[] = Array.from({ length: 20 }, (_, i) => ({ key: `k${i}`, value: i }));
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('BatchedLookup', () => {
  it('reads the keys asked for in one turn with one statement, each caller its own row', async () => {
    const { lookup, statements } = lookupOver(table);
    const rows = await Promise.all(['k3', 'k1', 'missing', 'k3', 'k7'].map((k) => lookup.load(k)));
    expect(rows).toEqual([table[3], table[1], null, table[3], table[7]]);
    // One statement, each key once.
    expect(statements).toEqual([['k3', 'k1', 'missing', 'k7']]);
  });

  it('sends a key asked for in a later turn in a statement of its own, after it was asked', async () => {
    const { lookup, statements } = lookupOver(table);
    const first = lookup.load('k1');
    await turn();
    const second = lookup.load('k2');
    expect(await Promise.all([first, second])).toEqual([table[1], table[2]]);
    expect(statements).toEqual([['k1'], ['k2']]);
  });

  it('splits a turn larger than maxBatch into several statements', async () => {
    const { lookup, statements } = lookupOver(table, { maxBatch: 4 });
    const keys = table.slice(0, 10).map((r) => r.key);
    expect(await Promise.all(keys.map((k) => lookup.load(k)))).toEqual(table.slice(0, 10));
    expect(statements.map((s) => s.length)).toEqual([4, 4, 2]);
  });

  it('runs at most maxInFlight statements; keys asked meanwhile go together in the next', async () => {
    const lookups = lookupOver(table, { maxInFlight: 1 });
    const { lookup, statements } = lookups;
    lookups.holdStatements(true);
    const first = lookup.load('k1');
    await turn();
    expect(statements).toEqual([['k1']]);
    // Asked in three later turns while the first statement runs: they wait for it.
    const later: Promise<Row | null>[] = [];
    for (const key of ['k2', 'k3', 'k4']) {
      later.push(lookup.load(key));
      await turn();
    }
    expect(statements).toEqual([['k1']]);
    lookups.holdStatements(false);
    lookups.releaseAll();
    expect(await Promise.all([first, ...later])).toEqual([table[1], table[2], table[3], table[4]]);
    expect(statements).toEqual([['k1'], ['k2', 'k3', 'k4']]);
  });

  it('fails each caller of a failed statement, and only those', async () => {
    const { lookup, statements } = lookupOver(table);
    const failed = Promise.allSettled([lookup.load('k1'), lookup.load('fails')]);
    await turn();
    const after = lookup.load('k2');
    const [one, two] = await failed;
    expect(one).toMatchObject({ status: 'rejected', reason: new Error('statement failed') });
    expect(two).toMatchObject({ status: 'rejected', reason: new Error('statement failed') });
    expect(await after).toEqual(table[2]);
    expect(statements).toEqual([['k1', 'fails'], ['k2']]);
  });

  it('fails the callers of a statement past timeoutMs and gives up its place to the next', async () => {
    const { lookup, statements, holdStatements, releaseAll } = lookupOver(table, {
      maxInFlight: 2,
      timeoutMs: 30,
    });
    holdStatements(true);
    const stuck = Promise.allSettled([lookup.load('k1'), lookup.load('k2')]);
    await turn();
    holdStatements(false);
    const [one, two] = await stuck;
    expect(one).toMatchObject({ status: 'rejected', reason: expect.any(LookupTimeoutError) });
    expect(two).toMatchObject({ status: 'rejected', reason: expect.any(LookupTimeoutError) });
    // Its place was given up: the next keys are read while it is still running.
    expect(await lookup.load('k3')).toEqual(table[3]);
    expect(statements).toEqual([['k1', 'k2'], ['k3']]);
    // Its late answer changes nothing.
    releaseAll();
    await turn();
    expect(await lookup.load('k4')).toEqual(table[4]);
  });

  it('starts no statement while maxInFlight past their timeoutMs still hold connections', async () => {
    const { lookup, statements, holdStatements, releaseAll } = lookupOver(table, {
      maxInFlight: 2,
      timeoutMs: 30,
    });
    holdStatements(true);
    const first = lookup.load('k1').catch((error: unknown) => error);
    await turn();
    const second = lookup.load('k2').catch((error: unknown) => error);
    await turn();
    expect(await first).toBeInstanceOf(LookupTimeoutError);
    expect(await second).toBeInstanceOf(LookupTimeoutError);
    // Both still run in PostgreSQL: a key asked now waits for one of them to end.
    holdStatements(false);
    const next = lookup.load('k3');
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(statements).toEqual([['k1'], ['k2']]);
    releaseAll();
    expect(await next).toEqual(table[3]);
    expect(statements).toEqual([['k1'], ['k2'], ['k3']]);
  });

  it('answers a statement that ends before timeoutMs as usual', async () => {
    const { lookup } = lookupOver(table, { timeoutMs: 1_000 });
    expect(await lookup.load('k6')).toEqual(table[6]);
  });
});
