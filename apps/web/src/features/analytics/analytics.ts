/**
 * The figures the channel analytics page derives from a channel's stats (signed-in-areas §4,
 * §5, §9). Pure functions: no clock, no network; `now` is passed in where time matters.
 *
 * Total views and likes are `null` for someone else's channel (the server shares them only
 * with the owner). Every figure built on them is then `null` too, shown as not available:
 * never an invented zero.
 */

/** A channel's counts as the analytics page reads them. */
export interface ChannelFigures {
  subscribers: number;
  videos: number;
  tweets: number;
  subscriptions: number;
  /** Only on one's own channel; `null` for everyone else. */
  totalViews: number | null;
  totalLikes: number | null;
}

/** totalLikes / totalViews as a percentage with one decimal: '4.2%'; no views yet: '0.0%'. */
export function engagementRate(totalLikes: number | null, totalViews: number | null) {
  if (totalLikes === null || totalViews === null) return null;
  if (totalViews <= 0) return '0.0%';
  return `${((totalLikes / totalViews) * 100).toFixed(1)}%`;
}

/** totalViews / videos, rounded down; no videos: 0. */
export function averageViewsPerVideo(totalViews: number | null, videos: number) {
  if (totalViews === null) return null;
  if (videos <= 0) return 0;
  return Math.floor(totalViews / videos);
}

/** totalLikes / videos with one decimal: '3.5'; no videos: '0.0'. */
export function averageLikesPerVideo(totalLikes: number | null, videos: number) {
  if (totalLikes === null) return null;
  if (videos <= 0) return '0.0';
  return (totalLikes / videos).toFixed(1);
}

/** Subscribers per video, rounded; no videos: 0. */
export function subscriberToVideoRatio(subscribers: number, videos: number): number {
  if (videos <= 0) return 0;
  return Math.round(subscribers / videos);
}

/** The subscriber goals, in order (§9: 100, 1K, 10K, 100K, else 1M). */
export const subscriberMilestones = [
  { goal: 100, label: '100' },
  { goal: 1_000, label: '1K' },
  { goal: 10_000, label: '10K' },
  { goal: 100_000, label: '100K' },
  { goal: 1_000_000, label: '1M' },
] as const;

export interface Milestone {
  goal: number;
  /** The goal as the page writes it: '1K'. */
  label: string;
  /** Whole percent of the way there, 0..100, rounded down so 100 means reached. */
  progress: number;
  /** Subscribers still to gain (0 once reached). */
  remaining: number;
}

/** The next subscriber goal above the current count (1M stays the goal beyond it). */
export function nextMilestone(subscribers: number): Milestone {
  const count = Math.max(0, subscribers);
  // Past the last goal, the last goal stays the one shown (reached).
  const next = subscriberMilestones.find((m) => count < m.goal) ?? subscriberMilestones[4];
  return {
    goal: next.goal,
    label: next.label,
    progress: Math.min(100, Math.floor((count / next.goal) * 100)),
    remaining: Math.max(0, next.goal - count),
  };
}

/** Every subscriber goal and whether the channel has reached it. */
export function milestoneSteps(subscribers: number) {
  return subscriberMilestones.map((m) => ({ ...m, isReached: subscribers >= m.goal }));
}

/** The growth tip box shows while a channel is under 1,000 subscribers. */
export function showsGrowthTip(subscribers: number): boolean {
  return subscribers < 1_000;
}

/** 'earned', 'notEarned', or 'unknown' when the figure it needs is not shared. */
export type AchievementState = 'earned' | 'notEarned' | 'unknown';

export interface Achievement {
  id: 'subscribers-100' | 'content-creator' | 'views-1000';
  title: string;
  description: string;
  state: AchievementState;
}

const reached = (value: number | null, goal: number): AchievementState =>
  value === null ? 'unknown' : value >= goal ? 'earned' : 'notEarned';

/** §9: 100 subscribers; 10 or more videos ('Content Creator'); 1,000 views. */
export function achievements(
  figures: Pick<ChannelFigures, 'subscribers' | 'videos' | 'totalViews'>,
): Achievement[] {
  return [
    {
      id: 'subscribers-100',
      title: '100 Subscribers',
      description: 'Reach 100 subscribers',
      state: reached(figures.subscribers, 100),
    },
    {
      id: 'content-creator',
      title: 'Content Creator',
      description: 'Publish 10 or more videos',
      state: reached(figures.videos, 10),
    },
    {
      id: 'views-1000',
      title: '1,000 Views',
      description: 'Reach 1,000 total views',
      state: reached(figures.totalViews, 1_000),
    },
  ];
}

export type GrowthLabel = 'Growing' | 'Emerging' | 'Getting Started';

/** §4: more than 100 subscribers 'Growing', more than 10 'Emerging', otherwise 'Getting Started'. */
export function growthLabel(subscribers: number): GrowthLabel {
  if (subscribers > 100) return 'Growing';
  if (subscribers > 10) return 'Emerging';
  return 'Getting Started';
}

const DAY_MS = 24 * 60 * 60 * 1000;

const unit = (count: number, name: string) => `${count} ${name}${count === 1 ? '' : 's'}`;

/**
 * How long the channel has existed: days under 30, months (30-day units) under 365 days, else
 * years. A channel younger than a day reads 'Less than a day'; no date reads 'Unknown'.
 */
export function channelAge(
  createdAt: string | number | Date | null | undefined,
  now: number,
): string {
  if (createdAt === null || createdAt === undefined || createdAt === '') return 'Unknown';
  const created = createdAt instanceof Date ? createdAt.getTime() : new Date(createdAt).getTime();
  if (Number.isNaN(created)) return 'Unknown';
  const days = Math.floor(Math.max(0, now - created) / DAY_MS);
  if (days < 1) return 'Less than a day';
  if (days < 30) return unit(days, 'day');
  if (days < 365) return unit(Math.floor(days / 30), 'month');
  return unit(Math.floor(days / 365), 'year');
}

/** §4: an account is always shown as Active. */
export const ACCOUNT_STATUS = 'Active';

/** §5: the email shows only on one's own channel; anyone else's reads 'Private'. */
export function visibleEmail(isOwnChannel: boolean, email: string | null | undefined): string {
  return isOwnChannel && email ? email : 'Private';
}
