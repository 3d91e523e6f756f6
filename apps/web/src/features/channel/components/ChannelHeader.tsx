import type { ChannelWithStats } from '@kinora/contract';
import { useIsFetching } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from '../../../components/Button';
import { CoverHeader } from '../../../components/CoverHeader';
import {
  EyeIcon,
  RefreshIcon,
  ShareIcon,
  SubscriptionsIcon,
  ThumbsUpIcon,
  VideoIcon,
} from '../../../components/icons';
import { useToast } from '../../../components/toast';
import { countLabel } from '../../../components/VideoCard';
import type { Session } from '../../../lib/auth';
import { copyText } from '../../../lib/clipboard';
import { cn } from '../../../lib/cn';
import { formatRelativeTime } from '../../../lib/format';
import { shareUrl } from '../../../lib/share-links';
import { channelKeys, channelText } from '../api/channel-api';
import { useSubscriptionToggle } from '../hooks/use-channel';
import { ReportAction } from '../../../components/moderation-extras';

/** 'Joined 3 mo ago': the channel page uses the short forms (core §9). */
export function JoinedTime({ createdAt }: { createdAt: string }) {
  const date = new Date(createdAt);
  return (
    <time
      dateTime={createdAt}
      title={Number.isNaN(date.getTime()) ? undefined : date.toLocaleDateString()}
    >
      {formatRelativeTime(createdAt, { style: 'short' })}
    </time>
  );
}

/**
 * Cover, avatar, username and full name, the figure chips (total views and likes only for the
 * owner), bio, join time, and the actions: Refresh, Share, Subscribe, message.
 */
export function ChannelHeader({
  data,
  sessionStatus,
  isOwner,
  onRefresh,
  messageControl,
}: {
  data: ChannelWithStats;
  sessionStatus: Session['status'];
  isOwner: boolean;
  onRefresh: () => Promise<void>;
  /** The messages feature's button, put here by the page that composes this one. */
  messageControl?: ReactNode;
}) {
  const { channel, stats } = data;

  return (
    <header>
      <CoverHeader
        cover={channel.coverImage}
        coverClassName="sm:rounded-xl"
        avatar={channel.avatar}
        name={channel.username}
        heading={channel.username}
        details={
          channel.fullname ? <p className="truncate text-fg-muted">{channel.fullname}</p> : null
        }
        on="canvas"
        actions={
          <ChannelActions
            channel={channel}
            sessionStatus={sessionStatus}
            isOwner={isOwner}
            onRefresh={onRefresh}
            messageControl={messageControl}
          />
        }
      >
        <ul aria-label="Channel figures" className="mt-4 flex flex-wrap gap-2">
          <Chip icon={<SubscriptionsIcon size={16} />}>
            {countLabel(stats.totalSubscribers, 'subscriber', 'subscribers')}
          </Chip>
          <Chip icon={<VideoIcon size={16} />}>
            {countLabel(stats.totalVideos, 'video', 'videos')}
          </Chip>
          {isOwner && stats.totalViews !== null ? (
            <Chip icon={<EyeIcon size={16} />}>
              {countLabel(stats.totalViews, 'total view', 'total views')}
            </Chip>
          ) : null}
          {isOwner && stats.totalLikes !== null ? (
            <Chip icon={<ThumbsUpIcon size={16} />}>
              {countLabel(stats.totalLikes, 'total like', 'total likes')}
            </Chip>
          ) : null}
        </ul>

        {channel.bio.trim() ? (
          <p className="mt-4 max-w-3xl whitespace-pre-line break-words text-fg">{channel.bio}</p>
        ) : null}
        <p className="mt-2 text-sm text-fg-muted">
          Joined <JoinedTime createdAt={channel.createdAt} />
        </p>
      </CoverHeader>
    </header>
  );
}

function Chip({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="inline-flex items-center gap-1.5 rounded-full border border-border bg-surface px-3 py-1 text-sm font-medium text-fg">
      <span className="text-fg-muted">{icon}</span>
      {children}
    </li>
  );
}

function ChannelActions({
  channel,
  sessionStatus,
  isOwner,
  onRefresh,
  messageControl,
}: {
  channel: ChannelWithStats['channel'];
  sessionStatus: Session['status'];
  isOwner: boolean;
  onRefresh: () => Promise<void>;
  messageControl: ReactNode;
}) {
  const { _id: channelId, isSubscribed } = channel;
  const toast = useToast();
  const subscription = useSubscriptionToggle(channelId);
  const isRefreshing = useIsFetching({ queryKey: channelKeys.all(channelId) }) > 0;
  const isSignedIn = sessionStatus === 'signedIn';

  const share = async () => {
    // Channel page toasts stay 3 s (core §4).
    if (await copyText(shareUrl('channel', channelId))) toast.success(channelText.copied);
    else toast.error(channelText.copyFailed);
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        variant="secondary"
        className="rounded-full"
        onClick={() => void onRefresh()}
        disabled={isRefreshing}
      >
        <RefreshIcon size={18} className={cn(isRefreshing && 'animate-spin')} />
        Refresh
      </Button>
      <Button variant="secondary" className="rounded-full" onClick={() => void share()}>
        <ShareIcon size={18} />
        Share
      </Button>
      {isSignedIn && !isOwner ? (
        <Button
          variant={isSubscribed ? 'secondary' : 'primary'}
          className="rounded-full"
          aria-pressed={isSubscribed}
          disabled={subscription.isPending}
          onClick={() => subscription.mutate()}
        >
          {isSubscribed ? 'Subscribed' : 'Subscribe'}
        </Button>
      ) : null}
      {/* Hidden on one's own channel, and until we know who is looking. */}
      {sessionStatus !== 'loading' && !isOwner ? messageControl : null}
      <ReportAction
        target={{
          targetKind: 'user',
          targetId: channelId,
          ownerId: channelId,
          label: `@${channel.username}’s account`,
        }}
      />
    </div>
  );
}
