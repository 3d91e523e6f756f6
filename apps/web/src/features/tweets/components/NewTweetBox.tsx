import { useToast } from '../../../components/toast';
import { isApiError, messageOf } from '../../../lib/api';
import { tweetText } from '../api/tweets-api';
import { useCreateTweet } from '../hooks/use-tweets';
import { TweetComposer } from './TweetComposer';

/**
 * The 'New tweet' box of /tweets and the profile's My Tweets tab, so both post and fail alike: a
 * refusal the person can act on (too long, too fast) is toasted in the server's words, anything
 * else (server or network failure) as 'Failed to post tweet', and the text then stays.
 */
export function NewTweetBox({
  warnAbove,
  failureNote,
  onPosted,
}: {
  /** The counter turns red above this many characters (the composer's 260 unless given). */
  warnAbove?: number;
  /** A line kept under the box while the last post has failed; /tweets has one. */
  failureNote?: string;
  onPosted?: () => void;
}) {
  const toast = useToast();
  const create = useCreateTweet();

  const post = async (content: string) => {
    try {
      await create.mutateAsync(content);
      onPosted?.();
    } catch (error) {
      const isRefusal = isApiError(error) && error.status >= 400 && error.status < 500;
      toast.error(isRefusal ? messageOf(error, tweetText.postFailed) : tweetText.postFailed);
      throw error;
    }
  };

  return (
    <div className="rounded-lg border border-border bg-surface p-4">
      <TweetComposer
        label="New tweet"
        placeholder={tweetText.placeholder}
        submitLabel={tweetText.post}
        busyLabel={tweetText.posting}
        warnAbove={warnAbove}
        onSubmit={post}
      />
      {failureNote && create.isError ? (
        <p role="alert" className="mt-2 text-sm text-danger">
          {failureNote}
        </p>
      ) : null}
    </div>
  );
}
