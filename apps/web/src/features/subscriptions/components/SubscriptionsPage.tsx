import type { CurrentUser, SubscribedChannel } from '@kinora/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/Avatar';
import { buttonClass, PillToggle } from '../../../components/Button';
import { FlameIcon, LogInIcon, SubscriptionsIcon, VideoIcon } from '../../../components/icons';
import { LoadError } from '../../../components/LoadError';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { StatusPanel } from '../../../components/StatusPanel';
import { VideoCardGrid, VideoGridSkeleton } from '../../../components/VideoGrid';
import { useSession } from '../../../lib/auth';
import { formatCount } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFocusNewItem } from '../../../lib/use-focus-new-item';
import { subscriptionText } from '../api/subscriptions-api';
import { useSubscribedChannels, useSubscriptionFeed } from '../hooks/use-subscriptions';
import { PageColumn, PageHeader } from '../../../components/Page';
import { NextPageButton } from '../../../components/LoadMoreButton';

/** /subscriptions (signed-in-areas §2): the followed channels' newest videos, and the channels. */
export function SubscriptionsPage() {
  const session = useSession();
  if (session.status === 'loading') return <PageSkeleton label="Loading subscriptions" />;
  if (session.status === 'signedOut') return <SignedOut />;
  return <Subscriptions user={session.user} />;
}

function SignedOut() {
  useDocumentTitle(subscriptionText.signedOutTitle);
  return (
    <section className="mx-auto flex w-full max-w-lg flex-col items-center gap-4 px-4 py-16 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-accent-soft text-accent-text">
        <LogInIcon size={26} />
      </span>
      <h1 className="text-2xl font-bold tracking-tight text-fg">
        {subscriptionText.signedOutTitle}
      </h1>
      <p className="text-fg-muted">Sign in to see the newest videos of the channels you follow.</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/login" className={buttonClass({ size: 'lg' })}>
          {subscriptionText.signIn}
        </Link>
        <Link to="/register" className={buttonClass({ size: 'lg', variant: 'secondary' })}>
          {subscriptionText.createAccount}
        </Link>
      </div>
    </section>
  );
}

type Tab = 'latest' | 'channels';

function Subscriptions({ user }: { user: CurrentUser }) {
  useDocumentTitle(subscriptionText.heading);
  const [tab, setTab] = useState<Tab>('latest');
  const channels = useSubscribedChannels(user._id);

  const tabButton = (name: Tab, label: string) => (
    <PillToggle isPressed={tab === name} onClick={() => setTab(name)}>
      {label}
    </PillToggle>
  );

  let body;
  if (channels.isPending) body = <VideoGridSkeleton count={6} />;
  else if (channels.isError) {
    body = <LoadError title={subscriptionText.fetchChannelsFailed} query={channels} />;
  } else if (channels.data.length === 0) {
    body = (
      <StatusPanel
        icon={<SubscriptionsIcon size={26} />}
        title={subscriptionText.empty}
        description="Subscribe to channels to see their newest videos here."
      >
        <Link to="/" className={buttonClass({})}>
          {subscriptionText.exploreVideos}
        </Link>
      </StatusPanel>
    );
  } else body = tab === 'latest' ? <LatestVideos /> : <ChannelGrid channels={channels.data} />;

  return (
    <PageColumn>
      <PageHeader title={subscriptionText.heading}>
        <div className="flex gap-2">
          {tabButton('latest', subscriptionText.latestTab)}
          {tabButton(
            'channels',
            `${subscriptionText.channelsTab}${channels.data ? ` (${channels.data.length})` : ''}`,
          )}
        </div>
      </PageHeader>
      {body}
    </PageColumn>
  );
}

/** The server's feed of followed channels' published videos, newest first. */
function LatestVideos() {
  const feed = useSubscriptionFeed();
  const { listRef, focusItemWhenShown } = useFocusNewItem<HTMLUListElement>();
  if (feed.isPending) return <VideoGridSkeleton count={6} />;
  if (feed.isError) {
    return <LoadError title={subscriptionText.fetchVideosFailed} query={feed} />;
  }
  const videos = feed.data.pages.flatMap((page) => page.videos);
  if (videos.length === 0) {
    return (
      <StatusPanel
        icon={<VideoIcon size={26} />}
        title={subscriptionText.noRecent}
        description="The channels you follow have not published anything yet."
      >
        <Link to="/trending" className={buttonClass({})}>
          <FlameIcon size={18} />
          {subscriptionText.viewTrending}
        </Link>
      </StatusPanel>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      {/* Under the page's h1, the cards' h3 titles need a level between. */}
      <h2 className="sr-only">Videos from your subscriptions</h2>
      <VideoCardGrid videos={videos} label={subscriptionText.latestTab} listRef={listRef} />
      <NextPageButton
        query={feed}
        label={subscriptionText.loadMore}
        onLoad={() => focusItemWhenShown(videos.length)}
      />
    </div>
  );
}

/** Every followed channel as a card to its page; the first three carry the top badge. */
function ChannelGrid({ channels }: { channels: SubscribedChannel[] }) {
  return (
    <ul
      aria-label={subscriptionText.channelsTab}
      className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
    >
      {channels.map((channel, index) => (
        <li key={channel.channelId}>
          <Link
            to={`/channel/${channel.channelId}`}
            className="flex items-center gap-3 rounded-lg border border-border bg-surface p-4 transition-colors hover:bg-raised"
          >
            <Avatar src={channel.avatar} name={channel.username} size="lg" />
            <span className="min-w-0 flex-1">
              <span className="block truncate font-semibold text-fg">{channel.fullname}</span>
              <span className="block truncate text-sm text-fg-muted">@{channel.username}</span>
              <span className="block text-sm text-fg-muted">
                {formatCount(channel.subscribersCount)}{' '}
                {channel.subscribersCount === 1 ? 'subscriber' : 'subscribers'}
              </span>
            </span>
            {index < 3 ? (
              <span className="shrink-0 self-start rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-accent-fg">
                {subscriptionText.top}
              </span>
            ) : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}
