import { ChannelPage, type ChannelTweets } from '../features/channel';
import { MessageCreatorButton } from '../features/messages';
import { tweetKeys, UserTweetCount, UserTweetList } from '../features/tweets';

/** The channel's tweets are the tweets feature's: one card, one like, one cache. */
const channelTweets: ChannelTweets = {
  List: UserTweetList,
  Count: UserTweetCount,
  queryKey: tweetKeys.pagesOfUser,
};

/**
 * /channel/{id}: the channel page with the tweets feature's list in its Tweets tab and the
 * messages feature's button among its actions.
 */
export function ChannelRoute() {
  return (
    <ChannelPage
      tweets={channelTweets}
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
