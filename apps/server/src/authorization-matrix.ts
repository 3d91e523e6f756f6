/**
 * Who gets what from every endpoint of the contract: the expected HTTP status for a visitor (no
 * token), another user, the owner of the resource the call is about, a moderator and an admin
 * (who own nothing here; a moderator answers as another user unless given, an admin as a
 * moderator unless given). `authorization-matrix.test.ts` builds the
 * resources and calls every endpoint as each of them. The type requires a row for every
 * endpoint of `@kinora/contract` (a new endpoint does not compile without one) and the test
 * checks it again at run time.
 *
 * Videos come in the three levels of decision 0039: `published` (public), `unlisted` (anyone
 * with the link; no listing shows it, which `video-privacy.routes.test.ts` checks listing by
 * listing) and `draft` (private: the owner's and staff's).
 *
 * The owner is the owner of the video (of any level), the author of the comment, the
 * person whose channel, likes, tweets or playlist they are, or, for calls about oneself
 * (profile, password, stats, history, Watch later), the caller.
 */
import type { endpoints } from '@kinora/contract';

export type EndpointName = keyof typeof endpoints;
export type Caller = 'visitor' | 'other' | 'owner' | 'moderator' | 'admin';

export interface Expected {
  visitor: number;
  other: number;
  owner: number;
  /** When a moderator's answer differs from another user's. */
  moderator?: number;
  /** When an admin's answer differs from a moderator's. */
  admin?: number;
}

/** Public calls that answer everyone alike. */
const everyone = (status: number): Expected => ({ visitor: status, other: status, owner: status });
/** Calls that need a user and that any user may make. */
const anyUser = (status: number): Expected => ({ visitor: 401, other: status, owner: status });

/** A read of something that hangs on a draft: its owner and staff see it, others are told 404. */
const draftRead: Expected = { visitor: 404, other: 404, owner: 200, moderator: 200 };
/** A change of the owner's video: 403 to those who see it, 404 to those who do not. */
const ownerWrite = (status: number): Expected => ({ visitor: 401, other: 403, owner: status });
const ownerDraftWrite = (status: number): Expected => ({
  visitor: 401,
  other: 404,
  owner: status,
  moderator: 403,
});

/** Moderators' and admins' calls: others are refused, whether or not the thing is theirs. */
const staffOnly = (status: number): Expected => ({
  visitor: 401,
  other: 403,
  owner: 403,
  moderator: status,
});

/** A private playlist: its owner's alone, not even told to exist to others. */
const privateRead: Expected = { visitor: 404, other: 404, owner: 200 };
const privateWrite = (status: number): Expected => ({ visitor: 401, other: 404, owner: status });

/** One row per endpoint; each names its cases (a published video, a draft, ...). */
export const authorizationMatrix = {
  healthcheck: { always: everyone(200) },
  register: { newAccount: everyone(201) },
  login: { ownersCredentials: everyone(200) },
  refreshToken: { freshRefreshToken: everyone(200) },
  logout: { ownSession: everyone(200) },
  changePassword: { self: anyUser(200) },
  currentUser: { self: anyUser(200) },
  updateDetails: { self: anyUser(200) },
  changeAvatar: { self: anyUser(200) },
  changeCoverImage: { self: anyUser(200) },
  signUpload: { self: anyUser(200) },

  listVideos: { home: everyone(200), ownersChannel: everyone(200) },
  getVideo: { published: everyone(200), unlisted: everyone(200), draft: draftRead },
  // Naming an upload of the owner's: only the owner may make a video of it.
  createVideo: { ownersUpload: { visitor: 401, other: 400, owner: 201 } },
  updateVideo: {
    published: ownerWrite(200),
    unlisted: ownerWrite(200),
    draft: ownerDraftWrite(200),
  },
  deleteVideo: {
    published: ownerWrite(200),
    unlisted: ownerWrite(200),
    draft: ownerDraftWrite(200),
  },
  togglePublish: {
    published: ownerWrite(200),
    unlisted: ownerWrite(200),
    draft: ownerDraftWrite(200),
  },
  setVideoVisibility: {
    published: ownerWrite(200),
    unlisted: ownerWrite(200),
    draft: ownerDraftWrite(200),
  },
  recordView: { published: everyone(200), unlisted: everyone(200), draft: draftRead },
  // Captions follow their video: read as it is seen, changed by its owner alone (decision 0044).
  listCaptions: { published: everyone(200), unlisted: everyone(200), draft: draftRead },
  putCaptions: {
    published: ownerWrite(200),
    unlisted: ownerWrite(200),
    draft: ownerDraftWrite(200),
  },
  deleteCaptions: {
    published: ownerWrite(200),
    unlisted: ownerWrite(200),
    draft: ownerDraftWrite(200),
  },

  listComments: { published: everyone(200), unlisted: everyone(200), draft: draftRead },
  addComment: { published: anyUser(201), unlisted: anyUser(201), draft: ownerDraftWrite(201) },
  updateComment: {
    onPublished: ownerWrite(200),
    onUnlisted: ownerWrite(200),
    onDraft: ownerDraftWrite(200),
  },
  deleteComment: {
    onPublished: ownerWrite(200),
    onUnlisted: ownerWrite(200),
    onDraft: ownerDraftWrite(200),
  },
  // Threads (issue 21 item 3): a reply goes where a comment may; pinning and the creator heart
  // are the video's creator's (the owner here), not staff's.
  listReplies: { onPublished: everyone(200), onDraft: draftRead },
  addReply: { onPublished: anyUser(201), onDraft: ownerDraftWrite(201) },
  pinComment: { onPublished: ownerWrite(200), onDraft: ownerDraftWrite(200) },
  heartComment: { onPublished: ownerWrite(200), onDraft: ownerDraftWrite(200) },

  toggleVideoLike: { published: anyUser(200), unlisted: anyUser(200), draft: ownerDraftWrite(200) },
  toggleCommentLike: {
    onPublished: anyUser(200),
    onUnlisted: anyUser(200),
    onDraft: ownerDraftWrite(200),
  },
  toggleTweetLike: { tweet: anyUser(200) },
  videoLikeStatus: { published: everyone(200), unlisted: everyone(200), draft: draftRead },
  commentLikeStatus: { onPublished: everyone(200), onUnlisted: everyone(200), onDraft: draftRead },
  videoLikeCount: { published: everyone(200), unlisted: everyone(200), draft: draftRead },
  // A person's likes are theirs alone, staff included.
  likedVideos: { ownersLikes: ownerWrite(200) },

  // Playlists: public and unlisted ones are read by anyone with the id; a private one (Watch
  // later is always private) is its owner's alone, staff included (decision 0019).
  userPlaylists: { ownersPlaylists: everyone(200) },
  getWatchLater: { self: anyUser(200) },
  toggleWatchLater: {
    published: anyUser(200),
    unlisted: anyUser(200),
    ownersDraft: ownerDraftWrite(200),
  },
  getPlaylist: {
    public: everyone(200),
    unlisted: everyone(200),
    private: privateRead,
    watchLater: privateRead,
  },
  createPlaylist: { self: anyUser(201) },
  updatePlaylist: {
    public: ownerWrite(200),
    unlisted: ownerWrite(200),
    private: privateWrite(200),
    // Built in: never renamed, made public or deleted.
    watchLater: privateWrite(409),
  },
  deletePlaylist: {
    public: ownerWrite(200),
    unlisted: ownerWrite(200),
    private: privateWrite(200),
    watchLater: privateWrite(409),
  },
  addPlaylistVideo: {
    public: ownerWrite(200),
    private: privateWrite(200),
    // The owner adding a draft of the other user's: not found, as if it did not exist.
    othersDraft: { visitor: 401, other: 403, owner: 404 },
    // Another's unlisted video: its link is enough to save it, as on YouTube (decision 0039).
    othersUnlisted: { visitor: 401, other: 403, owner: 200 },
  },
  removePlaylistVideo: { public: ownerWrite(200), private: privateWrite(200) },
  movePlaylistVideo: { public: ownerWrite(200), private: privateWrite(200) },

  // History: every call is about the caller's own.
  watchHistory: { self: anyUser(200) },
  // Positions of videos anyone may name: each caller gets only their own (visitor 401).
  watchPositions: { published: anyUser(200) },
  saveWatchPosition: {
    published: anyUser(200),
    unlisted: anyUser(200),
    draft: { visitor: 401, other: 404, owner: 200, moderator: 200 },
  },
  removeFromHistory: { ownEntry: anyUser(200) },
  clearHistory: { self: anyUser(200) },
  historySettings: { self: anyUser(200) },
  updateHistorySettings: { self: anyUser(200) },

  // Following oneself is a request that makes no sense (400), not a forbidden one.
  toggleSubscription: { ownersChannel: { visitor: 401, other: 200, owner: 400 } },
  subscriptionStatus: { ownersChannel: everyone(200) },
  channelSubscribers: { ownersChannel: everyone(200) },
  subscribedChannels: { owner: everyone(200) },
  subscriptionFeed: { self: anyUser(200) },

  search: { words: everyone(200) },
  getChannel: { ownersChannel: everyone(200) },
  channelVideos: { ownersChannel: everyone(200) },
  channelByName: { ownersChannel: everyone(200) },
  myStats: { self: anyUser(200) },
  userTweets: { owner: everyone(200) },
  listTweets: { all: everyone(200), ownersTweets: everyone(200) },
  myTweets: { self: anyUser(200) },
  tweetFeed: { self: anyUser(200) },
  tweetChannels: { self: anyUser(200) },
  createTweet: { self: anyUser(201) },
  // A tweet is its owner's alone to change, staff included (decision 0013).
  updateTweet: { ownersTweet: ownerWrite(200) },
  deleteTweet: { ownersTweet: ownerWrite(200) },

  // Messaging: the owner is the receiver of the request, or a member of the conversation. A
  // request to oneself makes no sense (400); others' requests and conversations are not found.
  sendMessageRequest: { toOwner: { visitor: 401, other: 201, owner: 400 } },
  checkMessageRequest: { withOwner: anyUser(200) },
  listMessageRequests: { mine: anyUser(200) },
  respondToMessageRequest: { toOwner: { visitor: 401, other: 404, owner: 200 } },
  listConversations: { mine: anyUser(200) },
  conversationMessages: { ownersConversation: { visitor: 401, other: 404, owner: 200 } },
  sendMessage: { ownersConversation: { visitor: 401, other: 404, owner: 201 } },
  markConversationRead: { ownersConversation: { visitor: 401, other: 404, owner: 200 } },
  reportConversation: { ownersConversation: { visitor: 401, other: 404, owner: 201 } },
  blockUser: { aPerson: anyUser(200), self: { visitor: 401, other: 200, owner: 400 } },
  unblockUser: { aPerson: anyUser(200) },
  listBlockedUsers: { mine: anyUser(200) },

  // Notifications: the owner is the recipient; another's notification is not found, staff too.
  listNotifications: { mine: anyUser(200) },
  unreadNotifications: { mine: anyUser(200) },
  markNotificationRead: { ownersNotification: { visitor: 401, other: 404, owner: 200 } },
  markAllNotificationsRead: { mine: anyUser(200) },
  notificationSettings: { mine: anyUser(200) },
  updateNotificationSettings: { mine: anyUser(200) },
  // Web push: anyone signed in subscribes their own browser; another's is not there for them.
  pushKey: { mine: anyUser(200) },
  subscribePush: { ownBrowser: anyUser(201) },
  unsubscribePush: { ownersBrowser: { visitor: 401, other: 404, owner: 200 } },
  // Account safety. A reset link is the credential, whoever sends it; the matrix's server sends
  // no mail, so asking for a link is a 409 for everyone alike.
  passwordResetOptions: { always: everyone(200) },
  requestPasswordReset: { noMailServer: everyone(409) },
  resetPassword: { freshLink: everyone(200), spentLink: everyone(400) },
  // The challenge is the credential of the second step (each caller a recovery code of its own).
  completeTwoFactorLogin: { ownersChallenge: everyone(200) },
  // One's own sign-in settings only: each signed-in caller acts on a fresh account of theirs.
  twoFactorStatus: { self: anyUser(200) },
  startTwoFactorSetup: { self: anyUser(200) },
  enableTwoFactor: { self: anyUser(200) },
  disableTwoFactor: { self: anyUser(200) },
  // Account safety: everything is about the caller's own account. Another person's session is
  // not found; deleting takes the caller's own password (each caller deletes a fresh account
  // of theirs), and a password of anybody else's is refused.
  listSessions: { self: anyUser(200) },
  endSession: { ownersSession: { visitor: 401, other: 404, owner: 200 } },
  endOtherSessions: { self: anyUser(200) },
  exportAccount: { self: anyUser(200) },
  deleteAccount: {
    ownPassword: anyUser(200),
    anothersPassword: { visitor: 401, other: 400, owner: 400 },
  },

  // Moderation (decision 0038). Reporting: the owner is whose the reported thing is, and may
  // not report it; one reports what one sees (staff see drafts). Everything else is staff's:
  // nobody acts on their own things, a moderator not on an admin's; watched words are admins'.
  reportContent: {
    aTweet: { visitor: 401, other: 201, owner: 400 },
    aDraft: { visitor: 401, other: 404, owner: 400, moderator: 201 },
    anAccount: { visitor: 401, other: 201, owner: 400 },
  },
  moderationQueue: { always: staffOnly(200) },
  moderateTarget: {
    hideOwnersTweet: staffOnly(200),
    hideAdminsTweet: { ...staffOnly(403), admin: 400 },
    hideModeratorsTweet: { ...staffOnly(400), admin: 200 },
    dismissOwnersReports: staffOnly(200),
  },
  banUser: {
    aPerson: staffOnly(200),
    anAdmin: { ...staffOnly(403), admin: 200 },
    self: staffOnly(400),
  },
  unbanUser: { aBannedPerson: staffOnly(200) },
  moderationLog: { always: staffOnly(200) },
  listWatchedWords: { always: staffOnly(200) },
  addWatchedWord: { aNewWord: { ...staffOnly(403), admin: 201 } },
  removeWatchedWord: { aWatchedWord: { ...staffOnly(403), admin: 200 } },
  listHeldTweets: { always: staffOnly(200) },
  // A held comment is its video owner's to review; a held tweet (the owner's) staff's.
  reviewHeld: {
    heldCommentOnOwnersVideo: { visitor: 401, other: 403, owner: 200, moderator: 403 },
    ownersHeldTweet: { visitor: 401, other: 403, owner: 403, moderator: 200 },
  },
} as const satisfies { [K in EndpointName]: Record<string, Expected> };

/**
 * The upload endpoint (`POST /v1_1/{cloud}/{image|video}/upload`) lives outside the contract map,
 * in the hosted provider's shape: no token, the signature from the sign call is the credential.
 * Everyone posts with the signature they can get: their own, and a visitor (who cannot sign) a
 * forged one.
 */
export const uploadEndpointMatrix = {
  ownSignature: { visitor: 401, other: 200, owner: 200 },
} as const satisfies Record<string, Expected>;

/**
 * `GET /api/v1/oembed?url=` (the sharing module, outside the contract map: oEmbed's own shape)
 * answers for a link as a visitor would see it, whoever asks: a card for a public or unlisted
 * video (an unlisted link is shared on purpose), a 404 for a draft even to its owner, since
 * the card is for other sites.
 */
export const oEmbedMatrix = {
  publishedVideo: { visitor: 200, other: 200, owner: 200 },
  unlistedVideo: { visitor: 200, other: 200, owner: 200 },
  draftVideo: { visitor: 404, other: 404, owner: 404 },
} as const satisfies Record<string, Expected>;

export type MatrixCase<K extends EndpointName> = keyof (typeof authorizationMatrix)[K];

/** The status a caller should get in one case of the matrix. */
export function expectedStatus(expected: Expected, caller: Caller): number {
  if (caller === 'admin') return expected.admin ?? expected.moderator ?? expected.other;
  return caller === 'moderator' ? (expected.moderator ?? expected.other) : expected[caller];
}
