// The channel page, what it takes from other features, and its cache keys.
export { channelKeys } from './api/channel-api';
export { ChannelByNamePage, ChannelPage } from './components/ChannelPage';
export type { ChannelTweets } from './components/ChannelTabs';
