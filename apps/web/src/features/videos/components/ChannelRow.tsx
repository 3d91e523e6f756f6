import type { VideoOwner } from '@kinora/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AvatarLink } from '../../../components/Avatar';
import { Button } from '../../../components/Button';
import { countLabel } from '../../../components/VideoCard';
import { useSubscription } from '../hooks/use-watch-data';
import { channelPathOf } from '../../../lib/paths';

/**
 * The channel under the video: avatar and name linking to the channel, subscriber count, and
 * for a signed-in viewer who is not the owner, Subscribe/Subscribed and the message button;
 * a visitor gets the message button's signed-out form, which leads to sign-in.
 */
export function ChannelRow({
  owner,
  viewerId,
  messageControl,
}: {
  owner: VideoOwner;
  /** The signed-in user's id, null for visitors. */
  viewerId: string | null;
  /** The messages feature's button (it knows the visitor's, pending and accepted forms). */
  messageControl?: ReactNode;
}) {
  const subscription = useSubscription(owner._id, owner.subscribersCount);
  const canSubscribe = viewerId !== null && viewerId !== owner._id;
  const channelPath = channelPathOf(owner._id);
  const name = owner.fullname || owner.username;

  return (
    <div className="flex min-w-0 flex-wrap items-center gap-x-4 gap-y-3">
      <div className="flex min-w-0 items-center gap-3">
        <AvatarLink to={channelPath} src={owner.avatar} name={owner.username} />
        <div className="min-w-0">
          <Link
            to={channelPath}
            className="block max-w-64 truncate rounded-sm font-semibold text-fg hover:text-accent-text"
          >
            {name}
          </Link>
          <p className="truncate text-sm text-fg-muted">
            {countLabel(subscription.subscriberCount, 'subscriber', 'subscribers')}
          </p>
        </div>
      </div>
      {canSubscribe ? (
        <div className="flex items-center gap-2">
          <Button
            variant={subscription.isSubscribed ? 'secondary' : 'primary'}
            aria-pressed={subscription.isSubscribed}
            disabled={subscription.isToggling}
            onClick={subscription.toggle}
            className="rounded-full"
          >
            {subscription.isSubscribed ? 'Subscribed' : 'Subscribe'}
          </Button>
          {messageControl}
        </div>
      ) : viewerId === null ? (
        // Visitors see the way in (core §4): 'Login to message the creator'.
        messageControl
      ) : null}
    </div>
  );
}
