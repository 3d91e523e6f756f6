import type { Subscriber } from '@kinora/contract';
import { Link } from 'react-router';
import { Avatar } from '../../../components/Avatar';
import { SubscriptionsIcon } from '../../../components/icons';
import { LoadError } from '../../../components/LoadError';
import { StatusPanel } from '../../../components/StatusPanel';
import { useSession } from '../../../lib/auth';
import { formatRelativeTime } from '../../../lib/format';
import { subscriptionText } from '../api/subscriptions-api';
import { useSubscribers } from '../hooks/use-subscriptions';
import { BoneRow } from '../../../components/Skeleton';
import { TabSection } from '../../../components/TabSection';
import { LoadMoreOrError } from '../../../components/LoadMoreButton';
import { channelPathOf } from '../../../lib/paths';

const cardGrid = 'grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3';

/**
 * The profile's My Subscribers tab (/profile/subscribers, signed-in-areas "Profile area"): who
 * subscribes to one's channel, newest first, as cards linking to /channel/{subscriberId}. The
 * profile area has already made sure someone is signed in.
 */
export function MySubscribersTab() {
  const session = useSession();
  if (session.status !== 'signedIn') return null;
  return <MySubscribers channelId={session.user._id} />;
}

function MySubscribers({ channelId }: { channelId: string }) {
  const subscribers = useSubscribers(channelId);
  const list = subscribers.data?.pages.flat() ?? [];

  return (
    <TabSection id="my-subscribers-heading" title={subscriptionText.subscribersHeading}>
      {subscribers.isPending ? (
        <SubscriberSkeletons />
      ) : subscribers.isError && list.length === 0 ? (
        <LoadError title={subscriptionText.fetchSubscribersFailed} query={subscribers} />
      ) : list.length === 0 ? (
        <StatusPanel
          icon={<SubscriptionsIcon size={26} />}
          title={subscriptionText.noSubscribers}
          description="People who subscribe to your channel appear here. Upload videos and post tweets to bring them in."
        />
      ) : (
        <>
          <ul aria-label="Your subscribers" className={cardGrid}>
            {list.map((subscriber) => (
              <SubscriberCard key={subscriber.subscriberId} subscriber={subscriber} />
            ))}
          </ul>
          <LoadMoreOrError
            query={subscribers}
            errorTitle={subscriptionText.fetchSubscribersFailed}
            label={subscriptionText.loadMore}
          />
        </>
      )}
    </TabSection>
  );
}

function SubscriberCard({ subscriber }: { subscriber: Subscriber }) {
  const name = subscriber.fullname.trim() || subscriber.username;
  return (
    <li>
      <Link
        to={channelPathOf(subscriber.subscriberId)}
        className="flex items-center gap-3 rounded-lg border border-border bg-surface p-4 transition-colors hover:bg-raised"
      >
        <Avatar src={subscriber.avatar} name={subscriber.username} size="lg" />
        <span className="flex min-w-0 flex-col">
          <span className="truncate font-semibold text-fg">{name}</span>
          <span className="truncate text-sm text-fg-muted">@{subscriber.username}</span>
          <span className="text-xs text-fg-muted">
            Subscribed{' '}
            <time dateTime={subscriber.subscribedAt}>
              {formatRelativeTime(subscriber.subscribedAt).toLowerCase()}
            </time>
          </span>
        </span>
      </Link>
    </li>
  );
}

function SubscriberSkeletons() {
  return (
    <div role="status" aria-label="Loading subscribers" className={cardGrid}>
      {Array.from({ length: 6 }, (_, i) => (
        <BoneRow
          key={i}
          className="animate-pulse items-center gap-3 rounded-lg border border-border bg-surface p-4"
          media="size-16 shrink-0 rounded-full"
          bars={['h-4 w-2/3', 'h-3 w-1/3', 'h-3 w-1/2']}
        />
      ))}
    </div>
  );
}
