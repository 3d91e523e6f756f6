import { z } from 'zod';
import {
  ChannelIdParam,
  Comment,
  CommentBody,
  CommentIdParam,
  CommentPage,
  LikeCount,
  LikedVideos,
  LikeStatus,
  LikeToggleResult,
  ListCommentsQuery,
  SubscribedChannel,
  Subscriber,
  SubscriptionFeed,
  SubscriptionState,
  UserIdParam,
  VideoIdParam,
} from './engagement';
import {
  ChannelNameParams,
  ChannelParams,
  ChannelVideoList,
  ChannelVideosQuery,
  ChannelWithStats,
  MyStats,
  SearchQuery,
  SearchResult,
} from './channels';
import {
  ClearHistoryResult,
  CreatePlaylistBody,
  CursorQuery,
  HistorySettings,
  MovePlaylistVideoBody,
  Playlist,
  PlaylistIdParam,
  PlaylistList,
  PlaylistQuery,
  PlaylistVideoParams,
  SaveWatchPositionBody,
  SaveWatchPositionResult,
  UpdatePlaylistBody,
  UserPlaylistsQuery,
  WatchHistory,
  WatchLaterToggleResult,
  WatchPositions,
  WatchPositionsQuery,
} from './collections';
import {
  ListTweetsQuery,
  Tweet,
  TweetBody,
  TweetChannelPage,
  TweetFeed,
  TweetPage,
  UserTweetPage,
} from './tweets';
import { accountEndpoints } from './account';
import { Caption, CaptionFields, CaptionList, CaptionParams } from './captions';
import { passwordResetEndpoints } from './account-recovery';
import { Empty } from './envelope';
import { twoFactorEndpoints } from './two-factor';
import { IdParams } from './common';
import { KeysetQuery, PageQuery } from './pagination';
import { SignUploadQuery, SignUploadResult } from './uploads';
import {
  CreateVideoBody,
  ListVideosQuery,
  RecordViewBody,
  UpdateVideoBody,
  SetVideoVisibilityBody,
  Video,
  VideoIdParams,
  VideoPage,
  ViewResult,
} from './videos';
import { Health } from './health';
import { commentThreadEndpoints } from './comment-threads';
import { moderationEndpoints } from './moderation';
import { notificationEndpoints } from './notifications';
import {
  BlockedUsers,
  BlockState,
  ConversationIdParams,
  ConversationRead,
  ConversationReport,
  ReportConversationBody,
  Conversations,
  CreateMessageRequestBody,
  ListMessagesQuery,
  Message,
  MessageRequestCheck,
  MessageRequests,
  Messages,
  ReceiverIdParams,
  RespondToRequestBody,
  RespondToRequestResult,
  SendMessageBody,
  SentMessageRequest,
} from './messages';
import {
  ChangePasswordBody,
  CurrentUser,
  LoginBody,
  LoginResult,
  RefreshBody,
  RefreshResult,
  RegisterFields,
  UpdateDetailsBody,
} from './users';
import { define } from './define-endpoint';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * One description per call of /api/v1: the server registers its routes from these and the
 * web client derives its types from them, so the two sides cannot drift apart.
 */
export interface Endpoint {
  method: HttpMethod;
  /** Path below /api/v1, with `:param` placeholders. */
  path: string;
  summary: string;
  tag: string;
  /** Who may call it: `user` needs a signed-in user, `public` answers everyone. */
  access: 'public' | 'user';
  params?: z.ZodType;
  query?: z.ZodType;
  /** JSON body schema, or the text fields of a multipart body. */
  body?: z.ZodType;
  /** Names of the file fields of a multipart body. */
  files?: readonly string[];
  /** Schema of the envelope's `data`. */
  response: z.ZodType;
  /** HTTP status of a success; 200 unless stated. */
  successStatus?: 200 | 201;
  /** Also place the fields of `data` at the top level of the body (where the spec's client reads them). */
  spreadData?: true;
}

export const endpoints = {
  healthcheck: define({
    method: 'GET',
    path: '/healthcheck',
    summary: 'Liveness and database check',
    tag: 'system',
    access: 'public',
    response: Health,
  }),
  register: define({
    method: 'POST',
    path: '/users/register',
    summary:
      'Create an account and sign in (multipart: avatar required, coverImage optional); sets session cookies',
    tag: 'users',
    access: 'public',
    body: RegisterFields,
    files: ['avatar', 'coverImage'],
    response: LoginResult,
    successStatus: 201,
  }),
  login: define({
    method: 'POST',
    path: '/users/login',
    summary: 'Sign in; answers an access token and sets session cookies',
    tag: 'users',
    access: 'public',
    body: LoginBody,
    response: LoginResult,
  }),
  refreshToken: define({
    method: 'POST',
    path: '/users/refresh-token',
    summary: 'Rotate the refresh token and issue a new access token',
    tag: 'users',
    access: 'public',
    body: RefreshBody,
    response: RefreshResult,
  }),
  logout: define({
    method: 'POST',
    path: '/users/logout',
    summary: 'Revoke this session and clear its cookies',
    tag: 'users',
    access: 'public',
    response: Empty,
  }),
  changePassword: define({
    method: 'POST',
    path: '/users/change-password',
    summary: 'Change the password; other sessions are signed out',
    tag: 'users',
    access: 'user',
    body: ChangePasswordBody,
    response: Empty,
  }),
  currentUser: define({
    method: 'GET',
    path: '/users/current-user',
    summary: 'The signed-in user',
    tag: 'users',
    access: 'user',
    response: CurrentUser,
  }),
  updateDetails: define({
    method: 'PATCH',
    path: '/users/update-details',
    summary: 'Update full name, email or bio',
    tag: 'users',
    access: 'user',
    body: UpdateDetailsBody,
    response: CurrentUser,
  }),
  changeAvatar: define({
    method: 'PATCH',
    path: '/users/change-avatar',
    summary: 'Replace the avatar (multipart field avatar)',
    tag: 'users',
    access: 'user',
    files: ['avatar'],
    response: CurrentUser,
  }),
  changeCoverImage: define({
    method: 'PATCH',
    path: '/users/change-coverImage',
    summary: 'Replace the cover image (multipart field coverImage)',
    tag: 'users',
    access: 'user',
    files: ['coverImage'],
    response: CurrentUser,
  }),

  // Media upload, step one (step two is POST /v1_1/{cloudName}/{image|video}/upload).
  signUpload: define({
    method: 'GET',
    path: '/cloudinary/sign-upload',
    summary: 'Sign one upload of a file into a folder, for this user, for a short time',
    tag: 'uploads',
    access: 'user',
    query: SignUploadQuery,
    response: SignUploadResult,
    spreadData: true,
  }),

  // Videos
  listVideos: define({
    method: 'GET',
    path: '/videos',
    summary: 'Published videos (and the caller’s own drafts with userId = caller), paged',
    tag: 'videos',
    access: 'public',
    query: ListVideosQuery,
    response: VideoPage,
  }),
  getVideo: define({
    method: 'GET',
    path: '/videos/:id',
    summary: 'One video; a draft only for its owner',
    tag: 'videos',
    access: 'public',
    params: VideoIdParams,
    response: Video,
  }),
  createVideo: define({
    method: 'POST',
    path: '/videos',
    summary: 'Create a video from assets the caller uploaded',
    tag: 'videos',
    access: 'user',
    body: CreateVideoBody,
    response: Video,
    successStatus: 201,
  }),
  updateVideo: define({
    method: 'PATCH',
    path: '/videos/:id',
    summary: 'Change title, description or thumbnail (owner only)',
    tag: 'videos',
    access: 'user',
    params: VideoIdParams,
    body: UpdateVideoBody,
    response: Video,
  }),
  deleteVideo: define({
    method: 'DELETE',
    path: '/videos/:id',
    summary:
      'Delete a video with its files, comments, likes, playlist items and history (owner only)',
    tag: 'videos',
    access: 'user',
    params: VideoIdParams,
    response: Empty,
  }),
  setVideoVisibility: define({
    method: 'PATCH',
    path: '/videos/:id/visibility',
    summary:
      'Make a video public, unlisted or private, or schedule a private one to become public (owner only)',
    tag: 'videos',
    access: 'user',
    params: VideoIdParams,
    body: SetVideoVisibilityBody,
    response: Video,
  }),
  togglePublish: define({
    method: 'PATCH',
    path: '/videos/:id/toggle',
    summary: 'Switch between public and private (owner only); clears a schedule',
    tag: 'videos',
    access: 'user',
    params: VideoIdParams,
    response: Video,
  }),
  recordView: define({
    method: 'PATCH',
    path: '/videos/:id/views',
    summary: 'Count a view (once per viewer per hour) and record the signed-in viewer’s history',
    tag: 'videos',
    access: 'public',
    params: VideoIdParams,
    body: RecordViewBody,
    response: ViewResult,
  }),

  // Captions (decision 0044)
  listCaptions: define({
    method: 'GET',
    path: '/videos/:id/captions',
    summary: "A video's captions, one WebVTT file and HLS playlist per language",
    tag: 'videos',
    access: 'public',
    params: VideoIdParams,
    response: CaptionList,
  }),
  putCaptions: define({
    method: 'PUT',
    path: '/videos/:id/captions/:language',
    summary:
      "Add or replace a language's captions from an SRT or WebVTT file (multipart field file, with label; owner only)",
    tag: 'videos',
    access: 'user',
    params: CaptionParams,
    body: CaptionFields,
    files: ['file'],
    response: Caption,
  }),
  deleteCaptions: define({
    method: 'DELETE',
    path: '/videos/:id/captions/:language',
    summary: "Remove a language's captions (owner only)",
    tag: 'videos',
    access: 'user',
    params: CaptionParams,
    response: Empty,
  }),

  // Comments
  listComments: define({
    method: 'GET',
    path: '/comments/:videoId',
    summary: 'A video’s top comments, newest first or by top; totalCount counts replies too',
    tag: 'comments',
    access: 'public',
    params: VideoIdParam,
    query: ListCommentsQuery,
    response: CommentPage,
  }),
  addComment: define({
    method: 'POST',
    path: '/comments/:videoId',
    summary: 'Comment on a video',
    tag: 'comments',
    access: 'user',
    params: VideoIdParam,
    body: CommentBody,
    response: Comment,
    successStatus: 201,
  }),
  updateComment: define({
    method: 'PATCH',
    path: '/comments/:commentId',
    summary: 'Edit a comment (author only)',
    tag: 'comments',
    access: 'user',
    params: CommentIdParam,
    body: CommentBody,
    response: Comment,
  }),
  deleteComment: define({
    method: 'DELETE',
    path: '/comments/:commentId',
    summary: 'Delete a comment (author, or the owner of the video)',
    tag: 'comments',
    access: 'user',
    params: CommentIdParam,
    response: Empty,
  }),

  // Likes
  toggleVideoLike: define({
    method: 'POST',
    path: '/likes/video/:id/toggle',
    summary: 'Like or unlike a video',
    tag: 'likes',
    access: 'user',
    params: IdParams,
    response: LikeToggleResult,
  }),
  toggleCommentLike: define({
    method: 'POST',
    path: '/likes/comment/:id/toggle',
    summary: 'Like or unlike a comment',
    tag: 'likes',
    access: 'user',
    params: IdParams,
    response: LikeToggleResult,
  }),
  toggleTweetLike: define({
    method: 'POST',
    path: '/likes/tweet/:id/toggle',
    summary: 'Like or unlike a tweet',
    tag: 'likes',
    access: 'user',
    params: IdParams,
    response: LikeToggleResult,
  }),
  videoLikeStatus: define({
    method: 'GET',
    path: '/likes/video/:id/status',
    summary: 'Whether the caller likes the video, and its like count',
    tag: 'likes',
    access: 'public',
    params: IdParams,
    response: LikeStatus,
  }),
  commentLikeStatus: define({
    method: 'GET',
    path: '/likes/comment/:id/status',
    summary: 'Whether the caller likes the comment, and its like count',
    tag: 'likes',
    access: 'public',
    params: IdParams,
    response: LikeStatus,
  }),
  videoLikeCount: define({
    method: 'GET',
    path: '/likes/video/:id/count',
    summary: 'How many people like the video',
    tag: 'likes',
    access: 'public',
    params: IdParams,
    response: LikeCount,
  }),
  likedVideos: define({
    method: 'GET',
    path: '/likes/videos/:userId',
    summary:
      'Videos the caller liked, most recent first, keyset-paged by cursor (someone else’s: 403)',
    tag: 'likes',
    access: 'user',
    params: UserIdParam,
    query: CursorQuery,
    response: LikedVideos,
  }),

  // Playlists (decision 0019)
  userPlaylists: define({
    method: 'GET',
    path: '/playlists/user/:userId',
    summary:
      'Playlists of a user, newest first: the owner sees all (Watch later first), others the public ones; each with its first 4 videos; `page` and `limit` (100 at most), the total in `X-Total-Count`',
    tag: 'playlists',
    access: 'public',
    params: UserIdParam,
    query: UserPlaylistsQuery,
    response: PlaylistList,
  }),
  getWatchLater: define({
    method: 'GET',
    path: '/playlists/watch-later',
    summary: 'The caller’s Watch later playlist (made on first use), first page of its videos',
    tag: 'playlists',
    access: 'user',
    query: PlaylistQuery,
    response: Playlist,
  }),
  toggleWatchLater: define({
    method: 'POST',
    path: '/playlists/watch-later/:videoId',
    summary: 'Save a video to Watch later, or take it out if it is there',
    tag: 'playlists',
    access: 'user',
    params: VideoIdParam,
    response: WatchLaterToggleResult,
  }),
  getPlaylist: define({
    method: 'GET',
    path: '/playlists/:playlistId',
    summary:
      'A playlist and a page of its videos in order (private: owner only, else 404); `after` and `limit` page past the first 200',
    tag: 'playlists',
    access: 'public',
    params: PlaylistIdParam,
    query: PlaylistQuery,
    response: Playlist,
  }),
  createPlaylist: define({
    method: 'POST',
    path: '/playlists',
    summary: 'Create a playlist (name 1-50, description 0-200, visibility public by default)',
    tag: 'playlists',
    access: 'user',
    body: CreatePlaylistBody,
    response: Playlist,
    successStatus: 201,
  }),
  updatePlaylist: define({
    method: 'PUT',
    path: '/playlists/:playlistId',
    summary: 'Change name, description or visibility (owner only; Watch later: 409)',
    tag: 'playlists',
    access: 'user',
    params: PlaylistIdParam,
    body: UpdatePlaylistBody,
    response: Playlist,
  }),
  deletePlaylist: define({
    method: 'DELETE',
    path: '/playlists/:playlistId',
    summary: 'Delete a playlist (owner only; Watch later: 409)',
    tag: 'playlists',
    access: 'user',
    params: PlaylistIdParam,
    response: Empty,
  }),
  addPlaylistVideo: define({
    method: 'POST',
    path: '/playlists/:playlistId/videos/:videoId',
    summary:
      'Append a video (owner only; already there: 409; full at 5,000: 409); answers the playlist',
    tag: 'playlists',
    access: 'user',
    params: PlaylistVideoParams,
    response: Playlist,
  }),
  removePlaylistVideo: define({
    method: 'DELETE',
    path: '/playlists/:playlistId/videos/:videoId',
    summary: 'Take a video out (owner only; the others close up); answers the playlist',
    tag: 'playlists',
    access: 'user',
    params: PlaylistVideoParams,
    response: Playlist,
  }),
  movePlaylistVideo: define({
    method: 'PATCH',
    path: '/playlists/:playlistId/videos/:videoId',
    summary: 'Move a video to another 0-based position (owner only); answers the playlist',
    tag: 'playlists',
    access: 'user',
    params: PlaylistVideoParams,
    body: MovePlaylistVideoBody,
    response: Playlist,
  }),

  // Watch history
  watchHistory: define({
    method: 'GET',
    path: '/users/watchHistory',
    summary:
      'The caller’s watched videos, most recent first, with watchedAt and positionSeconds; keyset-paged by cursor',
    tag: 'history',
    access: 'user',
    query: CursorQuery,
    response: WatchHistory,
  }),
  watchPositions: define({
    method: 'GET',
    path: '/users/watchHistory/positions',
    summary:
      'Where the caller stopped in each of up to 100 videos (comma-separated `videoIds`): those in their history only',
    tag: 'history',
    access: 'user',
    query: WatchPositionsQuery,
    response: WatchPositions,
  }),
  saveWatchPosition: define({
    method: 'PUT',
    path: '/users/watchHistory/:videoId',
    summary: 'Keep where the caller is in a video, to resume (not a view; nothing while paused)',
    tag: 'history',
    access: 'user',
    params: VideoIdParam,
    body: SaveWatchPositionBody,
    response: SaveWatchPositionResult,
  }),
  removeFromHistory: define({
    method: 'DELETE',
    path: '/users/watchHistory/:videoId',
    summary: 'Remove one video from the caller’s history',
    tag: 'history',
    access: 'user',
    params: VideoIdParam,
    response: Empty,
  }),
  clearHistory: define({
    method: 'DELETE',
    path: '/users/watchHistory',
    summary: 'Remove every entry of the caller’s history',
    tag: 'history',
    access: 'user',
    response: ClearHistoryResult,
  }),
  historySettings: define({
    method: 'GET',
    path: '/users/watchHistory/settings',
    summary: 'Whether the caller’s history is paused',
    tag: 'history',
    access: 'user',
    response: HistorySettings,
  }),
  updateHistorySettings: define({
    method: 'PATCH',
    path: '/users/watchHistory/settings',
    summary: 'Pause or resume the caller’s history',
    tag: 'history',
    access: 'user',
    body: HistorySettings,
    response: HistorySettings,
  }),

  // Subscriptions
  toggleSubscription: define({
    method: 'POST',
    path: '/subscriptions/toggle/:channelId',
    summary: 'Subscribe to or unsubscribe from a channel',
    tag: 'subscriptions',
    access: 'user',
    params: ChannelIdParam,
    response: SubscriptionState,
  }),
  subscriptionStatus: define({
    method: 'GET',
    path: '/subscriptions/status/:channelId',
    summary: 'Whether the caller is subscribed, and the subscriber count',
    tag: 'subscriptions',
    access: 'public',
    params: ChannelIdParam,
    response: SubscriptionState,
  }),
  channelSubscribers: define({
    method: 'GET',
    path: '/subscriptions/channel/:channelId/subscribers',
    summary: 'Subscribers of a channel, newest first',
    tag: 'subscriptions',
    access: 'public',
    params: ChannelIdParam,
    query: PageQuery,
    response: z.array(Subscriber),
  }),
  subscribedChannels: define({
    method: 'GET',
    path: '/subscriptions/user/:userId/channels',
    summary: 'Channels a user subscribes to, newest first',
    tag: 'subscriptions',
    access: 'public',
    params: UserIdParam,
    query: PageQuery,
    response: z.array(SubscribedChannel),
  }),
  subscriptionFeed: define({
    method: 'GET',
    path: '/subscriptions/feed',
    summary: 'Newest published videos of the channels the caller follows (keyset paging)',
    tag: 'subscriptions',
    access: 'user',
    query: KeysetQuery,
    response: SubscriptionFeed,
  }),

  // Discovery and creator views
  search: define({
    method: 'GET',
    path: '/search',
    summary: 'Videos and channels matching the words, best first (typos and prefixes tolerated)',
    tag: 'discovery',
    access: 'public',
    query: SearchQuery,
    response: SearchResult,
  }),
  getChannel: define({
    method: 'GET',
    path: '/channels/:id',
    summary: 'A channel and its stats (total views and likes only for its owner)',
    tag: 'channels',
    access: 'public',
    params: ChannelParams,
    response: ChannelWithStats,
  }),
  channelVideos: define({
    method: 'GET',
    path: '/channels/:id/videos',
    summary: 'Published videos of a channel (drafts too for its owner)',
    tag: 'channels',
    access: 'public',
    params: ChannelParams,
    query: ChannelVideosQuery,
    response: ChannelVideoList,
  }),
  channelByName: define({
    method: 'GET',
    path: '/users/c/:name',
    summary: 'A channel and its stats, found by username',
    tag: 'channels',
    access: 'public',
    params: ChannelNameParams,
    response: ChannelWithStats,
  }),
  myStats: define({
    method: 'GET',
    path: '/users/my-stats',
    summary: 'The signed-in creator’s figures',
    tag: 'channels',
    access: 'user',
    response: MyStats,
  }),
  userTweets: define({
    method: 'GET',
    path: '/tweets/user/:id',
    summary: 'Tweets of a user, newest first',
    tag: 'tweets',
    access: 'public',
    params: ChannelParams,
    query: PageQuery,
    response: UserTweetPage,
  }),
  listTweets: define({
    method: 'GET',
    path: '/tweets',
    summary: 'Every tweet (or one user’s), newest first unless sorted otherwise',
    tag: 'tweets',
    access: 'public',
    query: ListTweetsQuery,
    response: TweetPage,
  }),
  myTweets: define({
    method: 'GET',
    path: '/tweets/my-tweets',
    summary: 'The caller’s own tweets, newest first',
    tag: 'tweets',
    access: 'user',
    query: PageQuery,
    response: UserTweetPage,
  }),
  tweetFeed: define({
    method: 'GET',
    path: '/tweets/feed',
    summary: 'Newest tweets of the channels the caller follows (keyset paging)',
    tag: 'tweets',
    access: 'user',
    query: KeysetQuery,
    response: TweetFeed,
  }),
  tweetChannels: define({
    method: 'GET',
    path: '/tweets/channels',
    summary: 'The channels the caller follows that have tweets, the most recently tweeting first',
    tag: 'tweets',
    access: 'user',
    query: PageQuery,
    response: TweetChannelPage,
  }),
  createTweet: define({
    method: 'POST',
    path: '/tweets',
    summary: 'Post a tweet (1 to 280 characters once trimmed)',
    tag: 'tweets',
    access: 'user',
    body: TweetBody,
    response: Tweet,
    successStatus: 201,
  }),
  updateTweet: define({
    method: 'PATCH',
    path: '/tweets/:id',
    summary: 'Edit a tweet (its owner only); it is then marked edited',
    tag: 'tweets',
    access: 'user',
    params: IdParams,
    body: TweetBody,
    response: Tweet,
  }),
  deleteTweet: define({
    method: 'DELETE',
    path: '/tweets/:id',
    summary: 'Delete a tweet and its likes (its owner only)',
    tag: 'tweets',
    access: 'user',
    params: IdParams,
    response: Empty,
  }),

  // Messaging (issue 13): requests, conversations, blocks.
  sendMessageRequest: define({
    method: 'POST',
    path: '/messages/requests',
    summary: 'Ask a person to chat, with a first message (refusals: 409, 429, 403, 400)',
    tag: 'messages',
    access: 'user',
    body: CreateMessageRequestBody,
    response: SentMessageRequest,
    successStatus: 201,
  }),
  checkMessageRequest: define({
    method: 'GET',
    path: '/messages/requests/:receiverId/check',
    summary: 'Where the caller stands with a person: none, pending or accepted',
    tag: 'messages',
    access: 'user',
    params: ReceiverIdParams,
    response: MessageRequestCheck,
    spreadData: true,
  }),
  listMessageRequests: define({
    method: 'GET',
    path: '/messages/requests',
    summary: 'Pending requests to the caller, newest first',
    tag: 'messages',
    access: 'user',
    response: MessageRequests,
  }),
  respondToMessageRequest: define({
    method: 'PATCH',
    path: '/messages/requests/:id',
    summary: 'Accept (opens the conversation) or decline a request; its receiver only',
    tag: 'messages',
    access: 'user',
    params: IdParams,
    body: RespondToRequestBody,
    response: RespondToRequestResult,
  }),
  listConversations: define({
    method: 'GET',
    path: '/messages/conversations',
    summary: 'The caller’s conversations, most recent first, with unread counts',
    tag: 'messages',
    access: 'user',
    response: Conversations,
  }),
  conversationMessages: define({
    method: 'GET',
    path: '/messages/conversations/:id/messages',
    summary: 'Messages of a conversation, oldest first (members only; `before` for older)',
    tag: 'messages',
    access: 'user',
    params: ConversationIdParams,
    query: ListMessagesQuery,
    response: Messages,
  }),
  sendMessage: define({
    method: 'POST',
    path: '/messages/conversations/:id/messages',
    summary: 'Send a message in a conversation (members only)',
    tag: 'messages',
    access: 'user',
    params: ConversationIdParams,
    body: SendMessageBody,
    response: Message,
    successStatus: 201,
  }),
  markConversationRead: define({
    method: 'PATCH',
    path: '/messages/conversations/:id/read',
    summary: 'Mark a conversation read on every device of the caller (members only)',
    tag: 'messages',
    access: 'user',
    params: ConversationIdParams,
    response: ConversationRead,
  }),
  reportConversation: define({
    method: 'POST',
    path: '/messages/conversations/:id/report',
    summary: 'Report a conversation to moderators, with its last 50 messages (members only)',
    tag: 'messages',
    access: 'user',
    params: ConversationIdParams,
    body: ReportConversationBody,
    response: ConversationReport,
    successStatus: 201,
  }),
  blockUser: define({
    method: 'PUT',
    path: '/users/blocks/:userId',
    summary: 'Block a person: no requests or messages from them, theirs hidden',
    tag: 'messages',
    access: 'user',
    params: UserIdParam,
    response: BlockState,
  }),
  unblockUser: define({
    method: 'DELETE',
    path: '/users/blocks/:userId',
    summary: 'Unblock a person',
    tag: 'messages',
    access: 'user',
    params: UserIdParam,
    response: BlockState,
  }),
  listBlockedUsers: define({
    method: 'GET',
    path: '/users/blocks',
    summary: 'The people the caller blocks, newest first',
    tag: 'messages',
    access: 'user',
    response: BlockedUsers,
  }),

  // Comment threads (issue 21 item 3): declared with their schemas in comment-threads.ts.
  ...commentThreadEndpoints,
  // Notifications (issue 21): declared with their schemas in notifications.ts.
  ...notificationEndpoints,
  // Moderation (issue 21 item 5): reports, the queue, actions, the log, watched words.
  ...moderationEndpoints,
  // Account safety: forgotten passwords, two-factor sign-in; sessions and devices, export,
  // deletion (account.ts).
  ...passwordResetEndpoints,
  ...twoFactorEndpoints,
  ...accountEndpoints,
} as const;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;
type Input<S> = S extends z.ZodType ? z.input<S> : undefined;
export type ResponseOf<N extends EndpointName> = Infer<Endpoints[N]['response']>;
export type BodyOf<N extends EndpointName> = Endpoints[N] extends { body: infer B }
  ? Input<B>
  : undefined;
export type QueryOf<N extends EndpointName> = Endpoints[N] extends { query: infer Q }
  ? Input<Q>
  : undefined;
export type ParamsOf<N extends EndpointName> = Endpoints[N] extends { params: infer P }
  ? Input<P>
  : undefined;
