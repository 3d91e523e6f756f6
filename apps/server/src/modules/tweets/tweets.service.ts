import { limits } from '@kinora/contract';
import type { DomainEvents } from '../../platform/events/domain-events';
import type { Viewer } from '../../platform/auth/roles';
import { readFeedPageWithRecords, type FeedPage, type FeedRequest } from '../../platform/db/keyset';
import { notFound } from '../../platform/http/errors';
import { rateLimited } from '../../platform/rate-limit/failure-budget';
import { assertMentionsExist } from '../users';
import { assertCanDeleteTweet, assertCanEditTweet } from './tweets.policy';
import type {
  TweetChannelRecord,
  TweetListFilter,
  TweetRecord,
  TweetsRepository,
} from './tweets.repository';

/**
 * Tweets one person may post in an hour: a brake on flooding the followers' feeds, counted
 * from the stored tweets (as messages are) so that every API process applies the same limit.
 */
export const tweetsPerHour = { max: 50, windowSeconds: 3600 };
export const tweetsTooFast = 'You are posting tweets too fast';

export class TweetsService {
  constructor(
    private readonly repo: TweetsRepository,
    /** Told of each change after it is committed (decision 0021). */
    private readonly events: DomainEvents,
  ) {}

  /** One person's tweets, newest first; an unknown person is a 404, not an empty list. */
  async listUserTweets(input: {
    userId: string;
    viewerId: string | null;
    page: number;
    limit: number;
  }) {
    if (!(await this.repo.userExists(input.userId))) throw notFound('User');
    return this.repo.list({
      ownerId: input.userId,
      viewerId: input.viewerId,
      page: input.page,
      limit: input.limit,
      sortBy: 'createdAt',
      sortType: 'desc',
    });
  }

  /** Everyone's tweets, or one person's (`ownerId`), in the asked order. */
  async listTweets(filter: TweetListFilter) {
    return this.repo.list(filter);
  }

  /** The newest tweets of the channels the actor follows, a page at a time. */
  async tweetFeed(input: FeedRequest & { actor: Viewer }): Promise<FeedPage<TweetRecord>> {
    return readFeedPageWithRecords(
      input,
      // The ids and their records in one statement (decision 0062).
      (page) => this.repo.feed({ subscriberId: input.actor.userId, ...page }),
      (entry) => entry.record,
    );
  }

  /**
   * Every channel the actor follows that has tweets (not only those among the newest tweets of
   * the feed), the most recently tweeting first, a page at a time.
   */
  async listFollowedTweetChannels(input: {
    actor: Viewer;
    page: number;
    limit: number;
  }): Promise<{ channels: TweetChannelRecord[]; hasNextPage: boolean }> {
    // One more than asked tells whether a next page exists.
    const rows = await this.repo.followedChannelsWithTweets({
      subscriberId: input.actor.userId,
      limit: input.limit + 1,
      offset: (input.page - 1) * input.limit,
    });
    return { channels: rows.slice(0, input.limit), hasNextPage: rows.length > input.limit };
  }

  async createTweet({ actor, content }: { actor: Viewer; content: string }) {
    await this.assertMentionsExist(content);
    const stored = await this.repo.insert({ ownerId: actor.userId, content }, tweetsPerHour);
    if ('retryAfterSeconds' in stored) {
      throw rateLimited(tweetsTooFast, stored.retryAfterSeconds * 1000);
    }
    this.events.emit('tweet.created', { tweetId: stored.created.id, authorId: actor.userId });
    return stored.created;
  }

  async updateTweet({
    actor,
    tweetId,
    content,
  }: {
    actor: Viewer;
    tweetId: string;
    content: string;
  }) {
    const tweet = await this.repo.findOwner(tweetId);
    if (!tweet) throw notFound('Tweet');
    assertCanEditTweet(actor, tweet);
    await this.assertMentionsExist(content);
    await this.repo.updateContent(tweetId, content);
    this.events.emit('tweet.updated', { tweetId, authorId: tweet.ownerId });
    return this.readBack(tweetId, actor);
  }

  async deleteTweet({ actor, tweetId }: { actor: Viewer; tweetId: string }): Promise<void> {
    const tweet = await this.repo.findOwner(tweetId);
    if (!tweet) throw notFound('Tweet');
    assertCanDeleteTweet(actor, tweet);
    await this.repo.delete(tweetId);
    this.events.emit('tweet.deleted', { tweetId, authorId: tweet.ownerId });
  }

  /** The tweet as the actor now sees it; gone meanwhile (deleted at once) is a 404. */
  private assertMentionsExist(content: string): Promise<void> {
    return assertMentionsExist(content, limits.tweet, (names) => this.repo.unknownUsernames(names));
  }

  private async readBack(id: string, actor: Viewer): Promise<TweetRecord> {
    const record = await this.repo.findWritten(id, actor.userId);
    if (!record) throw notFound('Tweet');
    return record;
  }
}
