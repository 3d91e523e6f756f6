export { TweetsRepository } from './tweets.repository';
export { TweetsService } from './tweets.service';
export { registerTweetRoutes } from './tweets.routes';
export { canDeleteTweet, canEditTweet } from './tweets.policy';
export { tweetsVisibleTo } from './tweets.policy';
