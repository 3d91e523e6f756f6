import type { CurrentUser } from '@kinora/contract';
import { useState } from 'react';
import { Avatar } from '../../../components/Avatar';
import { Button, PillToggle } from '../../../components/Button';
import { ArrowLeftIcon, MessageSquareIcon } from '../../../components/icons';
import { LoadError } from '../../../components/LoadError';
import { LoadMoreOrError } from '../../../components/LoadMoreButton';
import { StatusPanel } from '../../../components/StatusPanel';
import { formatRelativeTime } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { tweetText } from '../api/tweets-api';
import {
  useDeleteTweet,
  useTweetChannels,
  useTweetLike,
  useTweetPage,
  useUpdateTweet,
  useUserTweets,
} from '../hooks/use-tweets';
import { NewTweetBox } from './NewTweetBox';
import { TweetListSkeleton } from './TweetCard';
import { TweetFeed } from './TweetList';
import { signedInOnly } from '../../../components/SignedInOnly';
import { PageColumn, PageHeader } from '../../../components/Page';

/** /tweets (signed-in-areas §2): followed channels' tweets, one channel's, or all with compose. */
export const TweetsPage = signedInOnly(Tweets, tweetText);

type Channel = { _id: string; username: string; fullname: string; avatar: string | null };
type Mode = { name: 'channels' } | { name: 'channel'; channel: Channel } | { name: 'all' };

function Tweets({ user }: { user: CurrentUser }) {
  useDocumentTitle(tweetText.heading);
  const [mode, setMode] = useState<Mode>({ name: 'channels' });
  const like = useTweetLike();

  const tab = (name: 'channels' | 'all', label: string) => {
    const isCurrent = name === 'all' ? mode.name === 'all' : mode.name !== 'all';
    return (
      <PillToggle
        isPressed={isCurrent}
        onClick={() => setMode(name === 'all' ? { name: 'all' } : { name: 'channels' })}
      >
        {label}
      </PillToggle>
    );
  };

  return (
    <PageColumn width="3xl">
      <PageHeader title={tweetText.heading}>
        <div className="flex gap-2">
          {tab('channels', tweetText.channelsTab)}
          {tab('all', tweetText.allTab)}
        </div>
      </PageHeader>
      {mode.name === 'channels' ? (
        <ChannelList onPick={(channel) => setMode({ name: 'channel', channel })} />
      ) : mode.name === 'channel' ? (
        <ChannelTweets
          channel={mode.channel}
          like={like}
          onBack={() => setMode({ name: 'channels' })}
        />
      ) : (
        <AllTweets user={user} like={like} />
      )}
    </PageColumn>
  );
}

type Like = ReturnType<typeof useTweetLike>;

/**
 * Every followed channel that has tweets, the most recently tweeting first, each with its newest
 * tweet (GET /tweets/channels: the server walks one's subscriptions, so a channel that tweets
 * rarely is listed however much the others post).
 */
function ChannelList({ onPick }: { onPick: (channel: Channel) => void }) {
  const channels = useTweetChannels();
  const list = channels.data?.pages.flatMap((page) => page.channels) ?? [];
  if (channels.isPending) return <TweetListSkeleton />;
  if (channels.isError && list.length === 0) {
    return <LoadError title={tweetText.fetchChannelsFailed} query={channels} />;
  }
  if (list.length === 0) {
    return (
      <StatusPanel
        icon={<MessageSquareIcon size={26} />}
        title={tweetText.noChannels}
        description="Channels you subscribe to appear here once they tweet."
      />
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <ul aria-label="Channels with tweets" className="flex flex-col gap-3">
        {list.map(({ latestTweet, ...channel }) => (
          <li key={channel._id}>
            <button
              type="button"
              onClick={() => onPick(channel)}
              className="flex w-full items-center gap-3 rounded-lg border border-border bg-surface p-4 text-left transition-colors hover:bg-raised"
            >
              <Avatar src={channel.avatar} name={channel.username} />
              <span className="min-w-0 flex-1">
                <span className="block font-semibold text-fg">{channel.fullname}</span>
                <span className="block truncate text-sm text-fg-muted">
                  @{channel.username} ·{' '}
                  {formatRelativeTime(latestTweet.createdAt, { style: 'short' })}:{' '}
                  {latestTweet.content}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      <LoadMoreOrError query={channels} errorTitle={tweetText.fetchChannelsFailed} />
    </div>
  );
}

/** One channel's tweets, read-only: likes and Reply, no compose, edit or delete. */
function ChannelTweets({
  channel,
  like,
  onBack,
}: {
  channel: Channel;
  like: Like;
  onBack: () => void;
}) {
  const tweets = useUserTweets(channel._id);
  return (
    <section aria-label={`Tweets of ${channel.username}`} className="flex flex-col gap-4">
      <div className="flex items-center gap-3">
        <Button variant="ghost" size="sm" onClick={onBack}>
          <ArrowLeftIcon size={16} />
          {tweetText.backToChannels}
        </Button>
        <Avatar src={channel.avatar} name={channel.username} size="sm" />
        <h2 className="font-semibold text-fg">{channel.fullname}</h2>
      </div>
      <TweetFeed
        query={tweets}
        errorTitle={tweetText.fetchChannelTweetsFailed}
        label="Tweets"
        like={like}
      />
    </section>
  );
}

/** Every tweet, newest first, 10 a page, with the compose box; one's own can be edited or deleted. */
function AllTweets({ user, like }: { user: CurrentUser; like: Like }) {
  const [page, setPage] = useState(1);
  const tweets = useTweetPage(page);
  const update = useUpdateTweet();
  const remove = useDeleteTweet();

  const totalPages = tweets.data?.totalPages ?? 1;
  return (
    <section aria-label={tweetText.allTab} className="flex flex-col gap-4">
      <NewTweetBox failureNote={tweetText.createFailed} onPosted={() => setPage(1)} />
      <TweetFeed
        query={tweets}
        errorTitle={tweetText.fetchTweetsFailed}
        label="Tweets"
        like={like}
        editing={{ isOwn: (tweet) => tweet.owner._id === user._id, update, remove }}
      >
        {totalPages > 1 ? (
          <nav aria-label="Pages" className="flex items-center justify-center gap-3">
            <Button
              variant="secondary"
              size="sm"
              disabled={page <= 1}
              onClick={() => setPage((p) => p - 1)}
            >
              Previous
            </Button>
            <span className="text-sm text-fg-muted">
              Page {page} of {totalPages}
            </span>
            <Button
              variant="secondary"
              size="sm"
              disabled={page >= totalPages}
              onClick={() => setPage((p) => p + 1)}
            >
              Next
            </Button>
          </nav>
        ) : null}
      </TweetFeed>
    </section>
  );
}
