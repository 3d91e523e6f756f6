import type { CurrentUser } from '@kinora/contract';
import { useState, type ElementType } from 'react';
import { Link, useParams } from 'react-router';
import { Avatar } from '../../../components/Avatar';
import { buttonClass } from '../../../components/Button';
import { MessageSquareIcon, UserIcon } from '../../../components/icons';
import { LoadError } from '../../../components/LoadError';
import {
  ChannelTotalCards,
  StatCard,
  StatCardSkeletons,
  StatGrid,
} from '../../../components/StatCard';
import { cn } from '../../../lib/cn';
import { formatCount } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import {
  averageLikesPerVideo,
  averageViewsPerVideo,
  engagementRate,
  growthLabel,
  subscriberToVideoRatio,
} from '../analytics';
import { analyticsText, type ChannelAnalytics } from '../api/analytics-api';
import { useChannelAnalytics } from '../hooks/use-channel-analytics';
import { AchievementList } from './AchievementList';
import { ChannelInfo } from './ChannelInfo';
import { MilestoneCard } from './MilestoneCard';
import { OwnChannelActions } from './OwnChannelActions';
import { BoneRow } from '../../../components/Skeleton';
import { SignedInOnly } from '../../../components/SignedInOnly';
import { channelPathOf } from '../../../lib/paths';

/** Shown under a figure the server keeps from everyone but the channel's owner. */
const ownerOnlyHint = 'Visible to the channel owner only';

export type ChannelAnalyticsVariant = 'page' | 'tab';

/**
 * Channel analytics (/about, /channel/:id/about, /profile/analytics; signed-in-areas "Channel
 * analytics"). Without an id: the signed-in user's own channel. With one: that channel, for
 * signed-in users. `variant="tab"` is the same content inside the profile area, whose header
 * already shows who the channel is.
 */
export function ChannelAnalyticsPage({ variant = 'page' }: { variant?: ChannelAnalyticsVariant }) {
  const { id } = useParams();
  return (
    <SignedInOnly
      loading="Loading channel analytics"
      signedOut={{
        title: analyticsText.signedOut,
        message: 'Channel statistics are available to signed-in users.',
      }}
    >
      {(user) => <ChannelAnalyticsScreen channelId={id} viewer={user} variant={variant} />}
    </SignedInOnly>
  );
}

/** The analytics as a tab of the profile area (/profile/analytics). */
export function ChannelAnalyticsTab() {
  return <ChannelAnalyticsPage variant="tab" />;
}

function ChannelAnalyticsScreen({
  channelId,
  viewer,
  variant,
}: {
  channelId: string | undefined;
  viewer: CurrentUser;
  variant: ChannelAnalyticsVariant;
}) {
  const isPage = variant === 'page';
  // The profile area names its own tab title.
  useDocumentTitle(isPage ? 'Channel Analytics' : undefined);
  const state = useChannelAnalytics(channelId, viewer);
  const TitleHeading: ElementType = isPage ? 'h1' : 'h2';
  const SectionHeading: ElementType = isPage ? 'h2' : 'h3';

  return (
    <div
      className={cn(
        'mx-auto flex w-full flex-col gap-6',
        isPage ? 'max-w-content px-4 py-6 sm:px-6 lg:py-8' : 'px-4 pt-6 sm:px-0',
      )}
    >
      <div className="flex flex-col gap-1">
        <TitleHeading
          className={cn(
            'font-bold tracking-tight text-fg',
            isPage ? 'text-2xl sm:text-3xl' : 'text-xl',
          )}
        >
          Channel Analytics
        </TitleHeading>
        <p className="text-fg-muted">
          {state.status !== 'success' || state.data.isOwnChannel
            ? 'How your channel is growing and how viewers respond to it.'
            : `How ${state.data.channel.fullname}'s channel is growing.`}
        </p>
      </div>

      {state.status === 'pending' ? (
        <AnalyticsSkeleton />
      ) : state.status === 'error' ? (
        <LoadError
          title={state.title}
          detail={state.detail}
          onRetry={state.retry}
          isRetrying={state.isRetrying}
        />
      ) : (
        <AnalyticsContent data={state.data} isPage={isPage} Heading={SectionHeading} />
      )}
    </div>
  );
}

function AnalyticsContent({
  data,
  isPage,
  Heading,
}: {
  data: ChannelAnalytics;
  isPage: boolean;
  Heading: ElementType;
}) {
  const [now] = useState(() => Date.now());
  const { channel, figures, isOwnChannel } = data;
  const averageViews = averageViewsPerVideo(figures.totalViews, figures.videos);
  const hiddenHint = (value: unknown) => (value === null ? ownerOnlyHint : undefined);

  return (
    <>
      {isPage ? <ChannelHeader data={data} /> : isOwnChannel ? <OwnChannelActions /> : null}

      <section aria-labelledby="analytics-overview" className="flex flex-col gap-3">
        <Heading id="analytics-overview" className="text-lg font-semibold tracking-tight">
          Channel Stats
        </Heading>
        <StatGrid label="Channel stats" className="md:grid-cols-3">
          <ChannelTotalCards totals={figures} hiddenHint={ownerOnlyHint} />
          <StatCard
            label="Tweets"
            value={formatCount(figures.tweets)}
            icon={<MessageSquareIcon size={18} />}
          />
          <StatCard
            label="Subscriptions"
            value={formatCount(figures.subscriptions)}
            icon={<UserIcon size={18} />}
          />
        </StatGrid>
      </section>

      <section aria-labelledby="analytics-performance" className="flex flex-col gap-3">
        <Heading id="analytics-performance" className="text-lg font-semibold tracking-tight">
          Performance
        </Heading>
        <StatGrid label="Performance" className="lg:grid-cols-4">
          <StatCard
            label="Engagement Rate"
            value={engagementRate(figures.totalLikes, figures.totalViews)}
            hint={
              figures.totalViews === null || figures.totalLikes === null
                ? ownerOnlyHint
                : 'Likes per 100 views'
            }
          />
          <StatCard
            label="Avg. Views per Video"
            value={averageViews === null ? null : formatCount(averageViews)}
            hint={hiddenHint(averageViews)}
          />
          <StatCard
            label="Avg. Likes per Video"
            value={averageLikesPerVideo(figures.totalLikes, figures.videos)}
            hint={hiddenHint(figures.totalLikes)}
          />
          <StatCard
            label="Subscriber-to-Video Ratio"
            value={formatCount(subscriberToVideoRatio(figures.subscribers, figures.videos))}
            hint="Subscribers per video"
          />
        </StatGrid>
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <MilestoneCard
          subscribers={figures.subscribers}
          isOwnChannel={isOwnChannel}
          channelName={channel.fullname}
          Heading={Heading}
        />
        <AchievementList figures={figures} Heading={Heading} />
      </div>

      <ChannelInfo data={data} now={now} Heading={Heading} />
    </>
  );
}

/**
 * Who the channel is, with its growth label. One's own channel carries its shortcuts; another
 * person's links to its channel page.
 */
function ChannelHeader({ data }: { data: ChannelAnalytics }) {
  const { channel, figures, isOwnChannel } = data;
  return (
    <div className="flex flex-col gap-4 rounded-lg border border-border bg-surface p-5 lg:flex-row lg:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-4">
        <Avatar src={channel.avatar} name={channel.username} size="lg" />
        <div className="min-w-0">
          <p className="truncate text-xl font-semibold text-fg">{channel.fullname}</p>
          <p className="truncate text-sm text-fg-muted">@{channel.username}</p>
          <span className="mt-1.5 inline-flex items-center rounded-full bg-accent-soft px-2.5 py-0.5 text-xs font-semibold text-accent-text">
            {growthLabel(figures.subscribers)}
          </span>
        </div>
      </div>
      {isOwnChannel ? (
        <OwnChannelActions className="lg:[&_ul]:justify-end" />
      ) : (
        <Link
          to={channelPathOf(channel.id)}
          className={buttonClass({ variant: 'secondary', className: 'self-start lg:self-center' })}
        >
          View Channel
        </Link>
      )}
    </div>
  );
}

function AnalyticsSkeleton() {
  return (
    <div role="status" aria-label="Loading channel analytics" className="flex flex-col gap-6">
      <BoneRow
        hidden
        className="animate-pulse items-center gap-4 rounded-lg border border-border bg-surface p-5"
        media="size-16 rounded-full"
        bars={['h-5 w-48', 'h-4 w-24']}
      />
      <StatCardSkeletons count={6} className="md:grid-cols-3" />
      <StatCardSkeletons count={4} className="lg:grid-cols-4" />
    </div>
  );
}
