import { describe, expect, it } from 'vitest';
import { KeptPerReader } from './kept-per-reader';

/** A keeper whose loads wait until the test lets them answer, counting them. */
function keeper(maxSize = 100) {
  const loads: { readerId: string; answer: (ids: string[]) => void }[] = [];
  const clock = { now: 0 };
  const kept = new KeptPerReader<string[]>({
    load: (readerId) => new Promise((answer) => loads.push({ readerId, answer })),
    sizeOf: (ids) => ids.length,
    maxSize,
    ttlMs: 1_000,
    now: () => clock.now,
  });
  return { kept, loads, clock };
}

describe('KeptPerReader', () => {
  it('loads a reader once for every read asking at once, then answers from memory', async () => {
    const { kept, loads } = keeper();
    const both = Promise.all([kept.of('ann'), kept.of('ann')]);
    expect(loads).toHaveLength(1);
    loads[0]!.answer(['a']);
    expect(await both).toEqual([['a'], ['a']]);
    expect(await kept.of('ann')).toEqual(['a']);
    expect(loads).toHaveLength(1);
  });

  it('forgets a reader on their drop, and keeps no load begun before it', async () => {
    const { kept, loads } = keeper();
    const before = kept.of('ann');
    kept.drop('ann');
    loads[0]!.answer(['old']);
    // The read that asked before the drop gets what was loaded; nothing is kept.
    expect(await before).toEqual(['old']);
    expect(kept.readers).toBe(0);
    const after = kept.of('ann');
    expect(loads).toHaveLength(2);
    loads[1]!.answer(['new']);
    expect(await after).toEqual(['new']);
    kept.drop('ann');
    const again = kept.of('ann');
    expect(loads).toHaveLength(3);
    loads[2]!.answer(['newer']);
    expect(await again).toEqual(['newer']);
  });

  it('forgets the readers kept longest past its bound, and never keeps one larger than it', async () => {
    const { kept, loads } = keeper(3);
    for (const [i, reader] of ['ann', 'ben'].entries()) {
      const read = kept.of(reader);
      loads[i]!.answer(['x', 'y']);
      await read;
    }
    expect(kept.readers).toBe(1);
    void kept.of('ben');
    expect(loads).toHaveLength(2);
    const big = kept.of('cat');
    loads[2]!.answer(['1', '2', '3', '4']);
    expect(await big).toHaveLength(4);
    expect(kept.readers).toBe(1);
  });

  it('keeps no failed load', async () => {
    const kept = new KeptPerReader<string[]>({
      load: () => Promise.reject(new Error('down')),
      sizeOf: (ids) => ids.length,
      maxSize: 10,
      ttlMs: 1_000,
    });
    await expect(kept.of('ann')).rejects.toThrow('down');
    expect(kept.readers).toBe(0);
  });

  it('asks again once a value is older than its lifetime (an event may have been lost)', async () => {
    const { kept, loads, clock } = keeper();
    const first = kept.of('ann');
    loads[0]!.answer(['a']);
    await first;
    clock.now = 999;
    expect(await kept.of('ann')).toEqual(['a']);
    expect(loads).toHaveLength(1);
    clock.now = 1_000;
    const later = kept.of('ann');
    expect(loads).toHaveLength(2);
    loads[1]!.answer(['a', 'b']);
    expect(await later).toEqual(['a', 'b']);
  });

  it('forgets every reader and every load under way on clear (the relay had a gap)', async () => {
    const { kept, loads } = keeper();
    const ann = kept.of('ann');
    loads[0]!.answer(['a']);
    await ann;
    const ben = kept.of('ben');
    kept.clear();
    loads[1]!.answer(['b']);
    expect(await ben).toEqual(['b']);
    expect(kept.readers).toBe(0);
    void kept.of('ann');
    expect(loads).toHaveLength(3);
  });
});
