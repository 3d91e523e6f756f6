import { endpoints } from '@kinora/contract';
import { shows, tweetsShown } from '../../platform/http/kept-tags';
import { emptyAfter, type Router } from '../../platform/http/router';
import type { Storage } from '../../platform/storage/storage';
import { presentTweet, presentTweetChannel, presentTweetPage } from './tweets.presenter';
import type { TweetsService } from './tweets.service';

interface TweetRouteDeps {
  tweets: TweetsService;
  storage: Storage;
}

export function registerTweetRoutes(router: Router, { tweets, storage }: TweetRouteDeps): void {
  const present = (tweet: Parameters<typeof presentTweet>[0]) => presentTweet(tweet, storage);
  type PageArgs = Parameters<typeof presentTweetPage>;
  /** A person's tweets, also under `docs` (where the spec's client reads them). */
  const personPage = (result: PageArgs[0], paging: PageArgs[1]) => {
    const page = presentTweetPage(result, paging, storage);
    return { ...page, docs: page.tweets };
  };

  router.route(endpoints.userTweets, {
    handler: async ({ params, query, actor }) =>
      personPage(
        await tweets.listUserTweets({
          userId: params.id,
          viewerId: actor?.userId ?? null,
          ...query,
        }),
        query,
      ),
    shows: ({ params, data }) => [
      shows.tweets(params.id),
      shows.person(params.id),
      ...tweetsShown(data.tweets),
    ],
  });

  router.route(endpoints.myTweets, {
    handler: async ({ query, actor }) =>
      personPage(
        await tweets.listUserTweets({ userId: actor.userId, viewerId: actor.userId, ...query }),
        query,
      ),
  });

  router.route(endpoints.listTweets, {
    handler: async ({ query, actor }) =>
      presentTweetPage(
        await tweets.listTweets({
          ownerId: query.userId,
          viewerId: actor?.userId ?? null,
          page: query.page,
          limit: query.limit,
          sortBy: query.sortBy,
          sortType: query.sortType,
        }),
        query,
        storage,
      ),
  });

  router.route(endpoints.tweetFeed, {
    handler: async ({ query, actor }) => {
      const { records, nextCursor } = await tweets.tweetFeed({ actor, ...query });
      return { tweets: records.map(present), nextCursor };
    },
    // A new tweet enters its followers' feeds when their answers expire (decision 0025).
    shows: ({ data }) => tweetsShown(data.tweets),
  });

  router.route(endpoints.tweetChannels, {
    handler: async ({ query, actor }) => {
      const { channels, hasNextPage } = await tweets.listFollowedTweetChannels({ actor, ...query });
      return {
        channels: channels.map((c) => presentTweetChannel(c, storage)),
        page: query.page,
        limit: query.limit,
        hasNextPage,
      };
    },
    shows: ({ data }) =>
      data.channels.flatMap((c) => [shows.person(c._id), shows.tweet(c.latestTweet._id)]),
  });

  router.route(endpoints.createTweet, {
    handler: async ({ body, actor }) =>
      present(await tweets.createTweet({ actor, content: body.content })),
  });

  router.route(endpoints.updateTweet, {
    handler: async ({ params, body, actor }) =>
      present(await tweets.updateTweet({ actor, tweetId: params.id, content: body.content })),
  });

  router.route(endpoints.deleteTweet, {
    handler: ({ params, actor }) => emptyAfter(tweets.deleteTweet({ actor, tweetId: params.id })),
  });
}
