import { describe, expect, it } from 'vitest';
import { RenditionProgress } from './rendition-progress';

describe('RenditionProgress', () => {
  it('tells each rendition apart: the first ready while the rest move, with seconds left', () => {
    let now = 0;
    const progress = new RenditionProgress(['360p', '720p', '1080p'], 60, () => now);
    progress.startStage(['360p']);
    // Before any progress: a guess from the video's length (a lone 360p at about 5x real time).
    expect(progress.snapshot()[0]).toEqual({
      name: '360p',
      progress: 0,
      ready: false,
      secondsLeft: 12,
    });
    now = 4000;
    progress.report(0.5);
    expect(progress.snapshot()[0]).toMatchObject({ progress: 0.5, secondsLeft: 4 });
    now = 8000;
    progress.startStage(['720p', '1080p']);
    now = 18_000;
    progress.report(0.4);
    expect(progress.snapshot()).toEqual([
      { name: '360p', progress: 1, ready: true, secondsLeft: null },
      { name: '720p', progress: 0.4, ready: false, secondsLeft: 15 },
      { name: '1080p', progress: 0.4, ready: false, secondsLeft: 15 },
    ]);
    expect(progress.overall()).toBeCloseTo((1 + 0.4 * 4 + 0.4 * 9) / 14);
    progress.finishStage();
    expect(progress.snapshot().every((r) => r.ready && r.progress === 1)).toBe(true);
  });

  it('counts the seconds left of a ladder that plays while it grows to the moment it plays, then to its end', () => {
    let now = 0;
    const progress = new RenditionProgress(['360p', '720p'], 60, () => now);
    // One run makes both, and they play once 8 s of the 60 s are made (two segments,
    // decisions 0054 and 0057).
    progress.startStage(['360p', '720p'], 8 / 60);
    // The guess: 60 s of two renditions at 5x real time each is 24 s for the whole; 8 s of it, 3.2 s.
    expect(progress.snapshot()[0]).toMatchObject({ progress: 0, secondsLeft: 3 });
    now = 1000;
    progress.report(4 / 60);
    // 4 s of video in 1 s: the next 4 s in another second, not the 14 s the rest would take.
    expect(progress.snapshot()[0]).toMatchObject({ secondsLeft: 1 });
    expect(progress.snapshot()[1]).toMatchObject({ name: '720p', secondsLeft: 1 });
    now = 2000;
    progress.report(0.5);
    // Past that point (it plays now): the seconds until the ladder is whole, at the pace so far.
    expect(progress.snapshot()[0]).toMatchObject({ progress: 0.5, ready: false, secondsLeft: 2 });
    now = 3000;
    progress.report(1);
    // Never a negative count, nor zero while it runs.
    expect(progress.snapshot()[0]).toMatchObject({ secondsLeft: 1 });
  });

  it('says it is due at most once an interval', () => {
    let now = 10_000;
    const progress = new RenditionProgress(['360p'], 10, () => now, 1000);
    expect(progress.due()).toBe(true);
    now += 500;
    expect(progress.due()).toBe(false);
    now += 600;
    expect(progress.due()).toBe(true);
  });
});
