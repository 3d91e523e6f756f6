import { ChannelPage } from '../features/channel/components/ChannelPage';
import { MessageCreatorButton } from '../features/messages/components/MessageCreatorButton';

/** /channel/{id}: the channel page with the messages feature's button among its actions. */
export function ChannelRoute() {
  return (
    <ChannelPage
      renderMessage={({ creatorId, creatorName }) => (
        <MessageCreatorButton
          creatorId={creatorId}
          creatorName={creatorName}
          className="rounded-full"
        />
      )}
    />
  );
}
