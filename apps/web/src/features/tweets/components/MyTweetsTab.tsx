import { useOnProfileUpdated, useSession } from '../../../lib/auth';
import { PROFILE_TWEET_WARN, tweetText } from '../api/tweets-api';
import { useDeleteTweet, useMyTweets, useTweetLike, useUpdateTweet } from '../hooks/use-tweets';
import { NewTweetBox } from './NewTweetBox';
import { TweetFeed } from './TweetList';
import { TabSection } from '../../../components/TabSection';

/**
 * The profile's My Tweets tab (/profile/tweets, signed-in-areas "Profile area"): the compose
 * box (counter red above 250 here) and one's own tweets, newest first, each with Like, Edit and
 * Delete. The profile area has already made sure someone is signed in.
 */
export function MyTweetsTab() {
  const session = useSession();
  if (session.status !== 'signedIn') return null;
  return <MyTweets />;
}

function MyTweets() {
  const tweets = useMyTweets();
  const like = useTweetLike();
  const update = useUpdateTweet();
  const remove = useDeleteTweet();
  // Own tweets show one's name and avatar: read them again when the profile changes.
  useOnProfileUpdated(() => void tweets.refetch());

  return (
    <TabSection
      id="my-tweets-heading"
      title={tweetText.myTweetsHeading}
      className="w-full max-w-3xl"
    >
      <NewTweetBox warnAbove={PROFILE_TWEET_WARN} />

      <TweetFeed
        query={tweets}
        errorTitle={tweetText.loadFailed}
        emptyDescription="What you post shows here, on your channel and to your subscribers."
        label="Your tweets"
        like={like}
        editing={{ isOwn: () => true, update, remove }}
      />
    </TabSection>
  );
}
