import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_STATUS,
  achievements,
  averageLikesPerVideo,
  averageViewsPerVideo,
  channelAge,
  engagementRate,
  growthLabel,
  milestoneSteps,
  nextMilestone,
  showsGrowthTip,
  subscriberToVideoRatio,
  visibleEmail,
} from './analytics';

describe('engagementRate', () => {
  it.each([
    [0, 0, '0.0%'],
    [5, 0, '0.0%'],
    [0, 10, '0.0%'],
    [42, 1000, '4.2%'],
    [1, 3, '33.3%'],
    [2, 3, '66.7%'],
    [10, 10, '100.0%'],
  ])('%i likes / %i views -> %s', (likes, views, expected) => {
    expect(engagementRate(likes, views)).toBe(expected);
  });

  it('is not available when the server does not share views or likes', () => {
    expect(engagementRate(null, 100)).toBeNull();
    expect(engagementRate(5, null)).toBeNull();
  });
});

describe('averageViewsPerVideo', () => {
  it.each([
    [0, 0, 0],
    [100, 0, 0],
    [100, 3, 33],
    [200, 3, 66],
    [999, 10, 99],
  ])('%i views over %i videos -> %i (rounded down)', (views, videos, expected) => {
    expect(averageViewsPerVideo(views, videos)).toBe(expected);
  });

  it('is not available without total views', () => {
    expect(averageViewsPerVideo(null, 4)).toBeNull();
  });
});

describe('averageLikesPerVideo', () => {
  it.each([
    [0, 0, '0.0'],
    [7, 0, '0.0'],
    [7, 2, '3.5'],
    [10, 3, '3.3'],
    [20, 3, '6.7'],
    [12, 4, '3.0'],
  ])('%i likes over %i videos -> %s', (likes, videos, expected) => {
    expect(averageLikesPerVideo(likes, videos)).toBe(expected);
  });

  it('is not available without total likes', () => {
    expect(averageLikesPerVideo(null, 4)).toBeNull();
  });
});

describe('subscriberToVideoRatio', () => {
  it.each([
    [0, 0, 0],
    [50, 0, 0],
    [10, 4, 3],
    [10, 3, 3],
    [11, 2, 6],
    [1500, 9, 167],
  ])('%i subscribers / %i videos -> %i (rounded)', (subs, videos, expected) => {
    expect(subscriberToVideoRatio(subs, videos)).toBe(expected);
  });
});

describe('nextMilestone', () => {
  it.each([
    [0, 100, '100', 0, 100],
    [50, 100, '100', 50, 50],
    [99, 100, '100', 99, 1],
    [100, 1_000, '1K', 10, 900],
    [101, 1_000, '1K', 10, 899],
    [999, 1_000, '1K', 99, 1],
    [1_000, 10_000, '10K', 10, 9_000],
    [9_999, 10_000, '10K', 99, 1],
    [10_000, 100_000, '100K', 10, 90_000],
    [99_999, 100_000, '100K', 99, 1],
    [100_000, 1_000_000, '1M', 10, 900_000],
    [999_999, 1_000_000, '1M', 99, 1],
  ])('%i subscribers -> %i (%s), %i%%, %i to go', (subs, goal, label, progress, remaining) => {
    expect(nextMilestone(subs)).toEqual({ goal, label, progress, remaining });
  });

  it('keeps 1M as the goal once it is passed, fully reached', () => {
    expect(nextMilestone(1_000_000)).toEqual({
      goal: 1_000_000,
      label: '1M',
      progress: 100,
      remaining: 0,
    });
    expect(nextMilestone(5_000_000)).toMatchObject({ goal: 1_000_000, progress: 100 });
  });
});

describe('milestoneSteps', () => {
  it('marks the goals reached so far', () => {
    const reached = (subs: number) =>
      milestoneSteps(subs)
        .filter((s) => s.isReached)
        .map((s) => s.label);
    expect(milestoneSteps(0).map((s) => s.label)).toEqual(['100', '1K', '10K', '100K', '1M']);
    expect(reached(99)).toEqual([]);
    expect(reached(100)).toEqual(['100']);
    expect(reached(10_000)).toEqual(['100', '1K', '10K']);
    expect(reached(2_000_000)).toEqual(['100', '1K', '10K', '100K', '1M']);
  });
});

describe('showsGrowthTip', () => {
  it('shows under 1,000 subscribers only', () => {
    expect(showsGrowthTip(0)).toBe(true);
    expect(showsGrowthTip(999)).toBe(true);
    expect(showsGrowthTip(1_000)).toBe(false);
    expect(showsGrowthTip(25_000)).toBe(false);
  });
});

describe('achievements', () => {
  const stateOf = (
    figures: Parameters<typeof achievements>[0],
    id: ReturnType<typeof achievements>[number]['id'],
  ) => achievements(figures).find((a) => a.id === id)?.state;
  const base = { subscribers: 0, videos: 0, totalViews: 0 };

  it('names the three achievements', () => {
    expect(achievements(base).map((a) => a.title)).toEqual([
      '100 Subscribers',
      'Content Creator',
      '1,000 Views',
    ]);
  });

  it.each([
    [99, 'notEarned'],
    [100, 'earned'],
    [101, 'earned'],
  ])('100 subscribers at %i: %s', (subscribers, state) => {
    expect(stateOf({ ...base, subscribers }, 'subscribers-100')).toBe(state);
  });

  it.each([
    [9, 'notEarned'],
    [10, 'earned'],
    [11, 'earned'],
  ])("'Content Creator' at %i videos: %s", (videos, state) => {
    expect(stateOf({ ...base, videos }, 'content-creator')).toBe(state);
  });

  it.each([
    [999, 'notEarned'],
    [1000, 'earned'],
  ])('1,000 views at %i: %s', (totalViews, state) => {
    expect(stateOf({ ...base, totalViews }, 'views-1000')).toBe(state);
  });

  it('cannot tell the views achievement when views are not shared', () => {
    expect(stateOf({ ...base, totalViews: null }, 'views-1000')).toBe('unknown');
  });
});

describe('growthLabel', () => {
  it.each([
    [0, 'Getting Started'],
    [10, 'Getting Started'],
    [11, 'Emerging'],
    [99, 'Emerging'],
    [100, 'Emerging'],
    [101, 'Growing'],
    [50_000, 'Growing'],
  ])('%i subscribers -> %s', (subscribers, label) => {
    expect(growthLabel(subscribers)).toBe(label);
  });
});

describe('channelAge', () => {
  const now = Date.parse('2025-06-15T12:00:00Z');
  const daysAgo = (days: number) => new Date(now - days * 86_400_000).toISOString();

  it.each([
    [0, 'Less than a day'],
    [1, '1 day'],
    [2, '2 days'],
    [29, '29 days'],
    [30, '1 month'],
    [59, '1 month'],
    [60, '2 months'],
    [364, '12 months'],
    [365, '1 year'],
    [729, '1 year'],
    [730, '2 years'],
  ])('%i days old -> %s', (days, expected) => {
    expect(channelAge(daysAgo(days), now)).toBe(expected);
  });

  it('accepts dates and timestamps, and reads a future date as new', () => {
    expect(channelAge(new Date(now - 3 * 86_400_000), now)).toBe('3 days');
    expect(channelAge(now - 400 * 86_400_000, now)).toBe('1 year');
    expect(channelAge(now + 86_400_000, now)).toBe('Less than a day');
  });

  it("reads 'Unknown' without a valid date", () => {
    expect(channelAge('not a date', now)).toBe('Unknown');
    expect(channelAge('', now)).toBe('Unknown');
    expect(channelAge(null, now)).toBe('Unknown');
  });
});

describe('account status and email', () => {
  it('is always Active', () => {
    expect(ACCOUNT_STATUS).toBe('Active');
  });

  it("shows the email only on one's own channel, else 'Private'", () => {
    expect(visibleEmail(true, 'ada@example.com')).toBe('ada@example.com');
    expect(visibleEmail(false, 'ada@example.com')).toBe('Private');
    expect(visibleEmail(false, null)).toBe('Private');
    expect(visibleEmail(true, '')).toBe('Private');
  });
});
