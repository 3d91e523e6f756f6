import type { ChannelWithStats } from '@kinora/contract';
import type { QueryKey } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { cn } from '../../../lib/cn';
import { formatCount } from '../../../lib/format';
import { useAddressTabs } from '../../../lib/use-address-tabs';
import { useChannelVideos } from '../hooks/use-channel';
import { AboutTab } from './AboutTab';
import { VideosTab } from './VideosTab';

/**
 * The channel's tweets, which are the tweets feature's: the page in app/ passes them in, so a
 * tweet has one cache wherever it shows (features do not import each other).
 */
export interface ChannelTweets {
  /** The Tweets tab's panel. */
  List: ComponentType<{ userId: string; isSignedIn: boolean }>;
  /** Renders `children` with the person's tweet count as the list knows it (undefined until it has come). */
  Count: ComponentType<{ userId: string; children: (count: number | undefined) => ReactNode }>;
  /** The key of the list, refreshed with the page. */
  queryKey: (userId: string) => QueryKey;
}

export const channelTabs = ['videos', 'tweets', 'about'] as const;
export type ChannelTab = (typeof channelTabs)[number];

const labels: Record<ChannelTab, string> = { videos: 'Videos', tweets: 'Tweets', about: 'About' };

/**
 * Videos, Tweets and About (core §2.10, §4). The open tab lives in the address (?tab=tweets)
 * so it survives a reload and can be linked to; Videos is the default.
 */
export function ChannelTabs({
  data,
  isOwner,
  isSignedIn,
  tweets,
}: {
  data: ChannelWithStats;
  isOwner: boolean;
  isSignedIn: boolean;
  tweets: ChannelTweets;
}) {
  const { active, onKeyDown, tabProps, panelProps } = useAddressTabs(channelTabs);
  const channelId = data.channel._id;

  // Both lists load with the page (core §7), so their counts show on the tabs at once.
  const videos = useChannelVideos(channelId);

  return (
    <div className="mt-6">
      <div
        role="tablist"
        aria-label="Channel sections"
        onKeyDown={onKeyDown}
        className="flex gap-1 overflow-x-auto border-b border-border px-4 sm:px-6"
      >
        {channelTabs.map((tab) => {
          const isActive = tab === active;
          const label = (count: number | undefined) => (
            <TabLabel label={labels[tab]} count={count} isActive={isActive} />
          );
          return (
            <button
              key={tab}
              {...tabProps(tab)}
              className={cn(
                // The ring sits inside: the scrolling tab strip would clip one drawn outside.
                '-mb-px inline-flex h-11 items-center gap-2 border-b-2 px-3 text-sm font-semibold whitespace-nowrap transition-colors focus-visible:-outline-offset-2',
                isActive
                  ? 'border-accent text-fg'
                  : 'border-transparent text-fg-muted hover:border-border-strong hover:text-fg',
              )}
            >
              {tab === 'videos' ? (
                label(data.stats.totalVideos)
              ) : tab === 'tweets' ? (
                <tweets.Count userId={channelId}>
                  {(count) => label(count ?? data.stats.totalTweets)}
                </tweets.Count>
              ) : (
                label(undefined)
              )}
            </button>
          );
        })}
      </div>
      <div {...panelProps()} tabIndex={0} className="px-4 pt-6 outline-offset-4 sm:px-6">
        {active === 'videos' ? (
          <VideosTab query={videos} isOwner={isOwner} />
        ) : active === 'tweets' ? (
          <tweets.List userId={channelId} isSignedIn={isSignedIn} />
        ) : (
          <AboutTab data={data} isOwner={isOwner} />
        )}
      </div>
    </div>
  );
}

function TabLabel({
  label,
  count,
  isActive,
}: {
  label: string;
  count: number | undefined;
  isActive: boolean;
}) {
  return (
    <>
      {label}
      {count !== undefined ? ' ' : null}
      {count !== undefined ? (
        <span
          className={cn(
            'rounded-full px-2 py-0.5 text-xs tabular-nums',
            isActive ? 'bg-accent-soft text-accent-text' : 'bg-raised text-fg-muted',
          )}
        >
          {formatCount(count)}
        </span>
      ) : null}
    </>
  );
}
