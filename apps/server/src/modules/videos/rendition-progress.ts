import type { VideoRendition } from '@kinora/contract';

/**
 * Each rendition's progress while a video is processed (issue 22), for My videos ('360p ready ·
 * 720p 40%') and the watch page ('Preparing your video… about N s'). The renditions made by
 * one ffmpeg run (a stage) move together; the seconds left come from the stage's pace so far.
 */
export class RenditionProgress {
  private readonly state: Map<string, VideoRendition>;
  /** The renditions of the run going on now. */
  stage: string[] = [];
  private stageStartedAt = 0;
  private stageFraction = 0;
  /** The share of the running stage after which its renditions play (they grow meanwhile). */
  private stagePlayableAt = 1;
  private lastDue = 0;

  constructor(
    readonly names: readonly string[],
    /** Seconds of video, for a first guess before the run reports any progress. */
    private readonly durationSeconds: number,
    private readonly now: () => number = Date.now,
    /** How often `due` says yes, in milliseconds. */
    private readonly intervalMs = 1000,
  ) {
    this.state = new Map(
      names.map((name) => [name, { name, progress: 0, ready: false, secondsLeft: null }]),
    );
  }

  /**
   * `playableAt`: the share of the run after which its renditions play, 1 unless they are
   * published as they grow (the ladder plays once its first segments are stored, decisions
   * 0054 and 0057); `secondsLeft` counts to that point, then to the stage's end.
   */
  startStage(names: readonly string[], playableAt = 1): void {
    this.finishStage();
    this.stage = [...names];
    this.stageStartedAt = this.now();
    this.stageFraction = 0;
    this.stagePlayableAt = Math.min(1, Math.max(0, playableAt));
    this.update();
  }

  report(fraction: number): void {
    this.stageFraction = Math.min(1, Math.max(this.stageFraction, fraction));
    this.update();
  }

  /** The running stage's renditions are whole. */
  finishStage(): void {
    for (const name of this.stage) {
      this.state.set(name, { name, progress: 1, ready: true, secondsLeft: null });
    }
    this.stage = [];
  }

  /**
   * Seconds until the running stage's renditions play (they reach its `playableAt`), then until
   * they are whole (the stage ends), from its pace so far (a guess until 5% of that is done).
   */
  secondsLeft(): number {
    const elapsed = (this.now() - this.stageStartedAt) / 1000;
    const target = this.stageFraction < this.stagePlayableAt ? this.stagePlayableAt : 1;
    if (this.stageFraction >= 0.05 * target) {
      const left = (elapsed * (target - this.stageFraction)) / this.stageFraction;
      return Math.max(1, Math.round(left));
    }
    // A first guess: a lone low rendition runs at about 5x real time on a small server, each
    // more rendition slows the run about as much (a 1080p source's three: 1.5 to 1.8x real
    // time, bench/media/README.md runs 7 and 8).
    const guess = (this.durationSeconds / 5) * Math.max(1, this.stage.length) * target;
    return Math.max(1, Math.round(guess - elapsed));
  }

  private update(): void {
    const secondsLeft = this.secondsLeft();
    for (const name of this.stage) {
      this.state.set(name, {
        name,
        progress: Math.min(0.99, this.stageFraction),
        ready: false,
        secondsLeft,
      });
    }
  }

  /** The share of the whole ladder done, each rendition weighed by its pixels' rough cost. */
  overall(): number {
    const renditions = [...this.state.values()];
    if (renditions.length === 0) return 0;
    const weights = renditions.map((_, i) => (i + 1) ** 2);
    const total = weights.reduce((a, b) => a + b, 0);
    return renditions.reduce((sum, r, i) => sum + r.progress * weights[i]!, 0) / total;
  }

  snapshot(): VideoRendition[] {
    return [...this.state.values()].map((r) => ({ ...r }));
  }

  /** True at most once per interval: whether to write the progress again. */
  due(): boolean {
    const now = this.now();
    if (now - this.lastDue < this.intervalMs) return false;
    this.lastDue = now;
    return true;
  }
}
