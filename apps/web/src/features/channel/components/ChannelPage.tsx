import type { ChannelWithStats } from '@kinora/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { Button, buttonClass } from '../../../components/Button';
import { AlertTriangleIcon, UserIcon } from '../../../components/icons';
import { StatusPanel } from '../../../components/StatusPanel';
import { useSession } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { channelErrorOf, isChannelNotFound } from '../api/channel-api';
import { useChannel, useChannelByName, useChannelRefresh } from '../hooks/use-channel';
import { ChannelHeader } from './ChannelHeader';
import { ChannelTabs, type ChannelTweets } from './ChannelTabs';
import { Bone } from '../../../components/Skeleton';
import { CoverHeaderSkeleton } from '../../../components/CoverHeader';
import { channelPathOf } from '../../../lib/paths';

/**
 * /channel/{id} (core §2.10): cover, avatar, names and figures, actions, and the Videos,
 * Tweets and About tabs. The tweets come from the tweets feature and the message button from
 * the messages feature (features do not import each other; app/ composes them).
 */
export function ChannelPage({
  tweets,
  renderMessage,
}: {
  tweets: ChannelTweets;
  renderMessage?: (props: { creatorId: string; creatorName: string }) => ReactNode;
}) {
  const { id = '' } = useParams();
  const channel = useChannel(id);
  const refresh = useChannelRefresh(id, [tweets.queryKey(id)]);
  useDocumentTitle(
    channel.data?.channel.username ?? (channel.isError ? channelErrorOf(channel.error) : 'Channel'),
  );

  if (!channel.isSuccess)
    return <ChannelNotLoaded query={channel} onRetry={() => void refresh()} />;
  // Another channel is another page: fresh tabs, fresh state.
  return (
    <ChannelView
      key={id}
      data={channel.data}
      onRefresh={refresh}
      tweets={tweets}
      messageControl={renderMessage?.({
        creatorId: channel.data.channel._id,
        creatorName: channel.data.channel.fullname || channel.data.channel.username,
      })}
    />
  );
}

/**
 * /c/{username}, where an @name written in a comment, a tweet or a message leads: finds the
 * channel by its name, then shows it at its own address, /channel/{id}.
 */
export function ChannelByNamePage() {
  const { username = '' } = useParams();
  const found = useChannelByName(username);
  useDocumentTitle(found.isError ? channelErrorOf(found.error) : 'Channel');
  if (!found.isSuccess)
    return <ChannelNotLoaded query={found} onRetry={() => void found.refetch()} />;
  return <Navigate to={channelPathOf(found.data.channel._id)} replace />;
}

function ChannelView({
  data,
  onRefresh,
  tweets,
  messageControl,
}: {
  data: ChannelWithStats;
  onRefresh: () => Promise<void>;
  tweets: ChannelTweets;
  messageControl: ReactNode;
}) {
  const session = useSession();
  const viewer = session.status === 'signedIn' ? session.user : null;
  const isOwner = viewer !== null && viewer._id === data.channel._id;

  return (
    <div className="mx-auto w-full max-w-content pb-12 sm:px-6 sm:pt-6">
      <ChannelHeader
        data={data}
        sessionStatus={session.status}
        isOwner={isOwner}
        onRefresh={onRefresh}
        messageControl={messageControl}
      />
      <ChannelTabs data={data} isOwner={isOwner} isSignedIn={viewer !== null} tweets={tweets} />
    </div>
  );
}

/** The page until its channel is there: the skeleton while it loads, then why it failed. */
function ChannelNotLoaded({
  query,
  onRetry,
}: {
  query: Pick<UseQueryResult, 'isError' | 'error' | 'isFetching'>;
  onRetry: () => void;
}) {
  if (!query.isError) return <ChannelSkeleton />;
  const { error } = query;
  const isNotFound = isChannelNotFound(error);
  return (
    <div className="mx-auto w-full max-w-lg px-4 py-16">
      <StatusPanel
        headingLevel={1}
        tone={isNotFound ? 'neutral' : 'error'}
        icon={isNotFound ? <UserIcon size={26} /> : <AlertTriangleIcon size={26} />}
        title={channelErrorOf(error)}
        description={
          isNotFound
            ? 'It may have been removed, or the link may be wrong.'
            : 'Check your connection and try again.'
        }
      >
        {isNotFound ? null : (
          <Button onClick={onRetry} disabled={query.isFetching}>
            Try Again
          </Button>
        )}
        <Link to="/" className={buttonClass({ variant: isNotFound ? 'primary' : 'secondary' })}>
          Go to Home
        </Link>
      </StatusPanel>
    </div>
  );
}

function ChannelSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading channel"
      className="mx-auto w-full max-w-content animate-pulse sm:px-6 sm:pt-6"
    >
      <CoverHeaderSkeleton on="canvas" coverClassName="sm:rounded-xl">
        <div className="mt-4 flex gap-2">
          <Bone className="h-7 w-28 rounded-full" />
          <Bone className="h-7 w-20 rounded-full" />
        </div>
        <Bone className="mt-8 h-10 w-full" />
      </CoverHeaderSkeleton>
    </div>
  );
}
