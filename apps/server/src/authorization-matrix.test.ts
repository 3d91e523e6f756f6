/**
 * Calls every endpoint of the contract as a visitor, another user, the owner, a moderator and an
 * admin,
 * on real resources built through the real endpoints, and compares each status with the
 * checked-in matrix (`authorization-matrix.ts`). Every difference is reported in one failure.
 */
import { endpoints, TwoFactorChallenge } from '@kinora/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { playlists, tweets } from './platform/db/schema';
import { apiPrefix } from './platform/http/router';
import { createResetLinkCommand } from './modules/password-reset';
import { grantUserRole } from './modules/users';
import { base32Decode } from './platform/auth/totp';
import {
  authorizationMatrix,
  expectedStatus,
  type Caller,
  type EndpointName,
  type MatrixCase,
  oEmbedMatrix,
  uploadEndpointMatrix,
} from './authorization-matrix';
import { callApi, expectOk } from '../test/api-client';
import { createTestApp, type TestApp } from '../test/harness';
import {
  cookiesOf,
  pngImage,
  registerUser,
  uniqueSuffix,
  type RegisteredUser,
} from '../test/factories';
import {
  clip,
  createVideo,
  postUpload,
  setVisibility,
  signUpload,
  togglePublish,
  uploadAsset,
} from '../test/media-factories';
import { openConversation, sendMessageRequest } from '../test/messaging-factories';
import {
  appCode,
  registerWithTwoFactor,
  type TwoFactorAccount,
} from '../test/two-factor-factories';
import { multipart } from '../test/multipart';

/** One call, without its method and path (those come from the contract). */
interface CallSpec {
  params?: Record<string, string>;
  query?: string;
  payload?: object;
  headers?: Record<string, string>;
  /** Credentials to send instead of the caller's own (a fresh session of theirs, say). */
  auth?: Record<string, string>;
}
type Build = (caller: { as: Caller; user: RegisteredUser | null }) => Promise<CallSpec> | CallSpec;

const callers: readonly Caller[] = ['visitor', 'other', 'owner', 'moderator', 'admin'];

let t: TestApp;
let owner: RegisteredUser;
let other: RegisteredUser;
let moderator: RegisteredUser;
let admin: RegisteredUser;
/** Someone who writes held comments under the owner's video (it holds a watched word). */
let commenter: RegisteredUser;
const watched = 'matrixword';
/**
 * The owner's things: a published video, an unlisted one and a draft (private), a comment
 * under each, a tweet.
 */
let published: string;
let unlisted: string;
let draft: string;
let commentOnPublished: string;
let commentOnUnlisted: string;
let commentOnDraft: string;
let tweet: string;
/** A draft of the other user's, and an unlisted video of theirs. */
let othersDraft: string;
let othersUnlisted: string;
/** The owner's playlists, each holding the published video, and their Watch later. */
let publicPlaylist: string;
let unlistedPlaylist: string;
let privatePlaylist: string;
let watchLater: string;
/** A conversation between the owner and another person (not `other`). */
let conversation: string;
/** The owner's notification of the message request that opened `conversation`. */
let ownersNotification: string;
/** An account of the owner's kind with two-factor sign-in on. */
let twoFactorOwner: TwoFactorAccount;

const userOf = (as: Caller) =>
  ({ visitor: null, other, owner, moderator, admin })[as] satisfies RegisteredUser | null;

async function comment(user: RegisteredUser, videoId: string): Promise<string> {
  const made = await expectOk(t.app, 'addComment', {
    params: { videoId },
    as: user,
    body: { content: 'A comment of the owner' },
  });
  return made._id;
}

/** A tweet of the owner's, for one call that removes it. */
async function ownersTweet(): Promise<string> {
  return tweetOf(owner);
}

/** A fresh tweet of this person's, held for approval if asked. */
async function tweetOf(user: RegisteredUser, held = false): Promise<string> {
  const [row] = await t.database.db
    .insert(tweets)
    .values({
      ownerId: user.userId,
      content: `A tweet of ${user.username}`,
      heldAt: held ? new Date() : null,
    })
    .returning({ id: tweets.id });
  return row!.id;
}

/** A fresh person with the admin role. */
async function freshAdmin(): Promise<RegisteredUser> {
  const person = await registerUser(t.app);
  await grantUserRole({ username: person.username, role: 'admin' }, t.database.db);
  return person;
}

const hide = (targetKind: 'tweet', targetId: string) => ({
  payload: { action: 'hide', targetKind, targetId, reason: 'Spam' },
});

/** A video of the owner's made for one call that changes or removes it. */
async function freshVideo(isDraft: boolean): Promise<string> {
  const video = await createVideo(t.app, owner);
  if (isDraft) await togglePublish(t.app, owner, video._id);
  return video._id;
}

/** An unlisted video of this user's. */
async function unlistedVideo(user: RegisteredUser = owner): Promise<string> {
  const video = await createVideo(t.app, user);
  await setVisibility(t.app, user, video._id, 'unlisted');
  return video._id;
}

/** A playlist of the owner's made through the API, holding these videos in this order. */
async function freshPlaylist(
  visibility: 'public' | 'unlisted' | 'private',
  videoIds: string[] = [],
): Promise<string> {
  // The owner makes more playlists here than the hourly creation limit allows (a limit with
  // tests of its own): the earlier ones are dated back out of its window.
  await t.database.db
    .update(playlists)
    .set({ createdAt: sql`${playlists.createdAt} - interval '2 hours'` })
    .where(eq(playlists.ownerId, owner.userId));
  const { _id: id } = await expectOk(t.app, 'createPlaylist', {
    as: owner,
    body: { name: `A ${visibility} playlist`, description: '', visibility },
  });
  for (const videoId of videoIds) {
    await expectOk(t.app, 'addPlaylistVideo', { params: { playlistId: id, videoId }, as: owner });
  }
  return id;
}

/** A new session of this user: its access token and its refresh token. */
async function signIn(user: RegisteredUser) {
  const res = await callApi(t.app, 'login', {
    body: { email: user.email, password: user.password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return {
    auth: { authorization: `Bearer ${res.data.accessToken}` },
    refreshToken: cookiesOf(res.headers['set-cookie']).refreshToken!,
  };
}

/** The session id (`sid`) an access token carries. */
function sessionIdOf(auth: { authorization: string }): string {
  const payload = auth.authorization.replace('Bearer ', '').split('.')[1]!;
  return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sid: string }).sid;
}

const asMultipart = (fields: Parameters<typeof multipart>[0]): CallSpec => {
  const body = multipart(fields);
  return { payload: body.payload, headers: body.headers };
};

const captionFile = (label: string): CallSpec =>
  asMultipart({
    label,
    file: {
      filename: 'captions.srt',
      contentType: 'application/x-subrip',
      data: Buffer.from('1\n00:00:00,500 --> 00:00:02,000\nHello there\n'),
    },
  });

/** Captions in `language` on the owner's video, put there by the owner. */
async function withCaptions(videoId: string, language: string): Promise<CallSpec> {
  const upload = captionFile('French');
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/v1/videos/${videoId}/captions/${language}`,
    payload: upload.payload,
    headers: { ...upload.headers, ...owner.auth },
  });
  if (res.statusCode !== 200) throw new Error(`captions not added: ${res.body}`);
  return { params: { id: videoId, language } };
}

/** How to call each case of the matrix; the type asks for exactly the matrix's cases. */
const calls: { [K in EndpointName]: Record<MatrixCase<K>, Build> } = {
  healthcheck: { always: () => ({}) },
  register: {
    newAccount: async () => {
      const username = `new_${uniqueSuffix()}`;
      return asMultipart({
        fullname: 'New Person',
        username,
        email: `${username}@example.test`,
        password: 'correct horse battery',
        avatar: await pngImage(),
      });
    },
  },
  login: {
    ownersCredentials: () => ({ payload: { email: owner.email, password: owner.password } }),
  },
  refreshToken: {
    freshRefreshToken: async () => ({
      payload: { refreshToken: (await signIn(owner)).refreshToken },
    }),
  },
  // Signing out ends the session it is made with: a fresh one, so the caller's stays.
  logout: { ownSession: async ({ user }) => (user ? { auth: (await signIn(user)).auth } : {}) },
  changePassword: {
    self: ({ user }) => ({
      payload: {
        oldPassword: user?.password ?? 'not signed in',
        newPassword: user?.password ?? 'not signed in',
      },
    }),
  },
  currentUser: { self: () => ({}) },
  updateDetails: { self: () => ({ payload: { bio: 'Set by the authorization matrix' } }) },
  changeAvatar: { self: async () => asMultipart({ avatar: await pngImage() }) },
  changeCoverImage: { self: async () => asMultipart({ coverImage: await pngImage(320, 80) }) },
  signUpload: { self: () => ({ query: 'folder=videos' }) },

  listVideos: {
    home: () => ({ query: 'sortBy=views&sortType=desc' }),
    ownersChannel: () => ({ query: `userId=${owner.userId}` }),
  },
  getVideo: {
    published: () => ({ params: { id: published } }),
    unlisted: () => ({ params: { id: unlisted } }),
    draft: () => ({ params: { id: draft } }),
  },
  createVideo: {
    ownersUpload: async () => ({
      payload: {
        title: 'Made from an upload',
        description: 'Uploaded by the owner',
        videoPublicId: (await uploadAsset(t.app, owner, 'video')).public_id,
      },
    }),
  },
  updateVideo: {
    published: () => ({ params: { id: published }, payload: { title: 'Renamed' } }),
    unlisted: () => ({ params: { id: unlisted }, payload: { title: 'Renamed unlisted' } }),
    draft: () => ({ params: { id: draft }, payload: { title: 'Renamed draft' } }),
  },
  deleteVideo: {
    published: async () => ({ params: { id: await freshVideo(false) } }),
    unlisted: async () => ({ params: { id: await unlistedVideo() } }),
    draft: async () => ({ params: { id: await freshVideo(true) } }),
  },
  togglePublish: {
    published: async () => ({ params: { id: await freshVideo(false) } }),
    unlisted: async () => ({ params: { id: await unlistedVideo() } }),
    draft: async () => ({ params: { id: await freshVideo(true) } }),
  },
  setVideoVisibility: {
    published: async () => ({
      params: { id: await freshVideo(false) },
      payload: { visibility: 'unlisted' },
    }),
    unlisted: async () => ({
      params: { id: await unlistedVideo() },
      payload: { visibility: 'private', publishAt: new Date(Date.now() + 3_600_000).toISOString() },
    }),
    draft: async () => ({
      params: { id: await freshVideo(true) },
      payload: { visibility: 'public' },
    }),
  },
  recordView: {
    published: () => ({ params: { id: published }, payload: {} }),
    unlisted: () => ({ params: { id: unlisted }, payload: {} }),
    draft: () => ({ params: { id: draft }, payload: {} }),
  },
  listCaptions: {
    published: () => ({ params: { id: published } }),
    unlisted: () => ({ params: { id: unlisted } }),
    draft: () => ({ params: { id: draft } }),
  },
  putCaptions: {
    published: () => ({ params: { id: published, language: 'en' }, ...captionFile('English') }),
    unlisted: () => ({ params: { id: unlisted, language: 'en' }, ...captionFile('English') }),
    draft: () => ({ params: { id: draft, language: 'pt-BR' }, ...captionFile('Português') }),
  },
  deleteCaptions: {
    published: () => withCaptions(published, 'fr'),
    unlisted: () => withCaptions(unlisted, 'fr'),
    draft: () => withCaptions(draft, 'fr'),
  },

  listComments: {
    published: () => ({ params: { videoId: published } }),
    unlisted: () => ({ params: { videoId: unlisted } }),
    draft: () => ({ params: { videoId: draft } }),
  },
  addComment: {
    published: () => ({ params: { videoId: published }, payload: { content: 'Hello' } }),
    unlisted: () => ({ params: { videoId: unlisted }, payload: { content: 'Hello' } }),
    draft: () => ({ params: { videoId: draft }, payload: { content: 'Hello' } }),
  },
  updateComment: {
    onPublished: () => ({
      params: { commentId: commentOnPublished },
      payload: { content: 'Edited' },
    }),
    onUnlisted: () => ({
      params: { commentId: commentOnUnlisted },
      payload: { content: 'Edited' },
    }),
    onDraft: () => ({ params: { commentId: commentOnDraft }, payload: { content: 'Edited' } }),
  },
  deleteComment: {
    onPublished: async () => ({ params: { commentId: await comment(owner, published) } }),
    onUnlisted: async () => ({ params: { commentId: await comment(owner, unlisted) } }),
    onDraft: async () => ({ params: { commentId: await comment(owner, draft) } }),
  },
  listReplies: {
    onPublished: () => ({ params: { commentId: commentOnPublished } }),
    onDraft: () => ({ params: { commentId: commentOnDraft } }),
  },
  addReply: {
    onPublished: () => ({ params: { commentId: commentOnPublished }, payload: { content: 'Hi' } }),
    onDraft: () => ({ params: { commentId: commentOnDraft }, payload: { content: 'Hi' } }),
  },
  pinComment: {
    onPublished: () => ({ params: { commentId: commentOnPublished }, payload: { isPinned: true } }),
    onDraft: () => ({ params: { commentId: commentOnDraft }, payload: { isPinned: true } }),
  },
  heartComment: {
    onPublished: () => ({
      params: { commentId: commentOnPublished },
      payload: { isHearted: true },
    }),
    onDraft: () => ({ params: { commentId: commentOnDraft }, payload: { isHearted: true } }),
  },

  toggleVideoLike: {
    published: () => ({ params: { id: published } }),
    unlisted: () => ({ params: { id: unlisted } }),
    draft: () => ({ params: { id: draft } }),
  },
  toggleCommentLike: {
    onPublished: () => ({ params: { id: commentOnPublished } }),
    onUnlisted: () => ({ params: { id: commentOnUnlisted } }),
    onDraft: () => ({ params: { id: commentOnDraft } }),
  },
  toggleTweetLike: { tweet: () => ({ params: { id: tweet } }) },
  videoLikeStatus: {
    published: () => ({ params: { id: published } }),
    unlisted: () => ({ params: { id: unlisted } }),
    draft: () => ({ params: { id: draft } }),
  },
  commentLikeStatus: {
    onPublished: () => ({ params: { id: commentOnPublished } }),
    onUnlisted: () => ({ params: { id: commentOnUnlisted } }),
    onDraft: () => ({ params: { id: commentOnDraft } }),
  },
  videoLikeCount: {
    published: () => ({ params: { id: published } }),
    unlisted: () => ({ params: { id: unlisted } }),
    draft: () => ({ params: { id: draft } }),
  },
  likedVideos: { ownersLikes: () => ({ params: { userId: owner.userId } }) },

  userPlaylists: {
    ownersPlaylists: () => ({ params: { userId: owner.userId }, query: 'page=1&limit=10' }),
  },
  getWatchLater: { self: () => ({}) },
  toggleWatchLater: {
    published: () => ({ params: { videoId: published } }),
    unlisted: () => ({ params: { videoId: unlisted } }),
    ownersDraft: () => ({ params: { videoId: draft } }),
  },
  getPlaylist: {
    public: () => ({ params: { playlistId: publicPlaylist } }),
    unlisted: () => ({ params: { playlistId: unlistedPlaylist } }),
    private: () => ({ params: { playlistId: privatePlaylist } }),
    watchLater: () => ({ params: { playlistId: watchLater } }),
  },
  createPlaylist: { self: () => ({ payload: { name: 'Mine', description: '' } }) },
  updatePlaylist: {
    public: () => ({ params: { playlistId: publicPlaylist }, payload: { name: 'Renamed' } }),
    unlisted: () => ({ params: { playlistId: unlistedPlaylist }, payload: { name: 'Renamed' } }),
    private: () => ({ params: { playlistId: privatePlaylist }, payload: { name: 'Renamed' } }),
    watchLater: () => ({ params: { playlistId: watchLater }, payload: { name: 'Renamed' } }),
  },
  deletePlaylist: {
    public: async () => ({ params: { playlistId: await freshPlaylist('public') } }),
    unlisted: async () => ({ params: { playlistId: await freshPlaylist('unlisted') } }),
    private: async () => ({ params: { playlistId: await freshPlaylist('private') } }),
    watchLater: () => ({ params: { playlistId: watchLater } }),
  },
  addPlaylistVideo: {
    public: async () => ({
      params: { playlistId: await freshPlaylist('public'), videoId: published },
    }),
    private: async () => ({
      params: { playlistId: await freshPlaylist('private'), videoId: published },
    }),
    othersDraft: () => ({ params: { playlistId: publicPlaylist, videoId: othersDraft } }),
    othersUnlisted: async () => ({
      params: { playlistId: await freshPlaylist('public'), videoId: othersUnlisted },
    }),
  },
  removePlaylistVideo: {
    public: async () => ({
      params: { playlistId: await freshPlaylist('public', [published]), videoId: published },
    }),
    private: async () => ({
      params: { playlistId: await freshPlaylist('private', [published]), videoId: published },
    }),
  },
  movePlaylistVideo: {
    public: async () => ({
      params: { playlistId: await freshPlaylist('public', [published, draft]), videoId: draft },
      payload: { position: 0 },
    }),
    private: async () => ({
      params: { playlistId: await freshPlaylist('private', [published, draft]), videoId: draft },
      payload: { position: 0 },
    }),
  },

  watchHistory: { self: () => ({}) },
  watchPositions: { published: () => ({ query: `videoIds=${published}` }) },
  saveWatchPosition: {
    published: () => ({ params: { videoId: published }, payload: { positionSeconds: 1 } }),
    unlisted: () => ({ params: { videoId: unlisted }, payload: { positionSeconds: 1 } }),
    draft: () => ({ params: { videoId: draft }, payload: { positionSeconds: 1 } }),
  },
  removeFromHistory: {
    ownEntry: async ({ user }) => {
      if (user) {
        await t.app.inject({
          method: 'PUT',
          url: `${apiPrefix}/users/watchHistory/${published}`,
          headers: user.auth,
          payload: { positionSeconds: 1 },
        });
      }
      return { params: { videoId: published } };
    },
  },
  clearHistory: { self: () => ({}) },
  historySettings: { self: () => ({}) },
  updateHistorySettings: { self: () => ({ payload: { paused: false } }) },

  toggleSubscription: { ownersChannel: () => ({ params: { channelId: owner.userId } }) },
  subscriptionStatus: { ownersChannel: () => ({ params: { channelId: owner.userId } }) },
  channelSubscribers: { ownersChannel: () => ({ params: { channelId: owner.userId } }) },
  subscribedChannels: { owner: () => ({ params: { userId: owner.userId } }) },
  subscriptionFeed: { self: () => ({ query: 'limit=5' }) },

  search: { words: () => ({ query: 'query=test+video' }) },
  getChannel: { ownersChannel: () => ({ params: { id: owner.userId } }) },
  channelVideos: { ownersChannel: () => ({ params: { id: owner.userId } }) },
  channelByName: { ownersChannel: () => ({ params: { name: owner.username } }) },
  myStats: { self: () => ({}) },
  userTweets: { owner: () => ({ params: { id: owner.userId } }) },
  listTweets: {
    all: () => ({ query: 'sortBy=createdAt&sortType=desc' }),
    ownersTweets: () => ({ query: `userId=${owner.userId}` }),
  },
  myTweets: { self: () => ({}) },
  tweetFeed: { self: () => ({ query: 'limit=5' }) },
  tweetChannels: { self: () => ({ query: 'page=1&limit=5' }) },
  createTweet: { self: () => ({ payload: { content: 'Posted by the authorization matrix' } }) },
  updateTweet: { ownersTweet: () => ({ params: { id: tweet }, payload: { content: 'Edited' } }) },
  deleteTweet: { ownersTweet: async () => ({ params: { id: await ownersTweet() } }) },

  sendMessageRequest: {
    toOwner: () => ({ payload: { receiverId: owner.userId, content: 'May we talk?' } }),
  },
  checkMessageRequest: { withOwner: () => ({ params: { receiverId: owner.userId } }) },
  listMessageRequests: { mine: () => ({}) },
  respondToMessageRequest: {
    toOwner: async () => {
      const id = await sendMessageRequest(t.app, await registerUser(t.app), owner);
      return { params: { id }, payload: { action: 'decline' } };
    },
  },
  listConversations: { mine: () => ({}) },
  conversationMessages: { ownersConversation: () => ({ params: { id: conversation } }) },
  sendMessage: {
    ownersConversation: () => ({ params: { id: conversation }, payload: { content: 'Hi' } }),
  },
  markConversationRead: { ownersConversation: () => ({ params: { id: conversation } }) },
  reportConversation: {
    ownersConversation: () => ({ params: { id: conversation }, payload: { reason: 'Spam' } }),
  },
  // A fresh person each time, so no block outlives its call and changes another row's answer.
  blockUser: {
    aPerson: async () => ({ params: { userId: (await registerUser(t.app)).userId } }),
    self: () => ({ params: { userId: owner.userId } }),
  },
  unblockUser: {
    aPerson: async () => ({ params: { userId: (await registerUser(t.app)).userId } }),
  },
  listSessions: { self: () => ({}) },
  endSession: {
    ownersSession: async () => ({ params: { id: sessionIdOf((await signIn(owner)).auth) } }),
  },
  endOtherSessions: { self: () => ({}) },
  exportAccount: { self: () => ({}) },
  deleteAccount: {
    // A fresh account stands in for each signed-in caller, so the shared ones stay.
    ownPassword: async ({ user }) => {
      if (!user) return { payload: { password: 'not signed in' } };
      const fresh = await registerUser(t.app);
      return { auth: fresh.auth, payload: { password: fresh.password } };
    },
    anothersPassword: async ({ user }) => {
      const someoneElse = await registerUser(t.app, { password: 'another person password' });
      if (!user) return { payload: { password: someoneElse.password } };
      const fresh = await registerUser(t.app);
      return { auth: fresh.auth, payload: { password: someoneElse.password } };
    },
  },
  listBlockedUsers: { mine: () => ({}) },

  listNotifications: { mine: () => ({ query: 'limit=5' }) },
  unreadNotifications: { mine: () => ({}) },
  markNotificationRead: { ownersNotification: () => ({ params: { id: ownersNotification } }) },
  markAllNotificationsRead: { mine: () => ({}) },
  notificationSettings: { mine: () => ({}) },
  updateNotificationSettings: {
    mine: () => ({ payload: { settings: [{ kind: 'mention', inApp: true, push: false }] } }),
  },
  pushKey: { mine: () => ({}) },
  subscribePush: { ownBrowser: () => ({ payload: pushSubscription() }) },
  unsubscribePush: {
    ownersBrowser: async () => {
      const subscription = pushSubscription();
      await expectOk(t.app, 'subscribePush', { as: owner, body: subscription });
      return { query: `endpoint=${encodeURIComponent(subscription.endpoint)}` };
    },
  },
  passwordResetOptions: { always: () => ({}) },
  requestPasswordReset: { noMailServer: () => ({ payload: { email: owner.email } }) },
  resetPassword: {
    freshLink: async () => ({
      payload: {
        token: await resetToken(await registerUser(t.app)),
        newPassword: 'a new password',
      },
    }),
    spentLink: async () => {
      const token = await resetToken(await registerUser(t.app));
      await expectOk(t.app, 'resetPassword', { body: { token, newPassword: 'a new password' } });
      return { payload: { token, newPassword: 'another password' } };
    },
  },
  completeTwoFactorLogin: {
    ownersChallenge: async () => {
      const res = await callApi(t.app, 'login', {
        body: { email: twoFactorOwner.email, password: twoFactorOwner.password },
      });
      const challenge = TwoFactorChallenge.parse(res.error.data);
      return { payload: { ...challenge, code: twoFactorOwner.recoveryCodes.pop()! } };
    },
  },
  twoFactorStatus: { self: () => ({}) },
  startTwoFactorSetup: {
    self: async ({ user }) => (user ? { auth: (await registerUser(t.app)).auth } : {}),
  },
  enableTwoFactor: {
    self: async ({ user }) => {
      if (!user) return { payload: { code: '123456' } };
      const fresh = await registerUser(t.app);
      const setup = await expectOk(t.app, 'startTwoFactorSetup', { as: fresh });
      return { auth: fresh.auth, payload: { code: appCode(base32Decode(setup.secret)) } };
    },
  },
  disableTwoFactor: {
    self: async ({ user }) => {
      if (!user) return { payload: { password: 'a password', code: '123456' } };
      const fresh = await registerWithTwoFactor(t.app);
      return {
        auth: fresh.auth,
        payload: { password: fresh.password, code: fresh.recoveryCodes[0]! },
      };
    },
  },
  reportContent: {
    aTweet: async () => ({
      payload: { targetKind: 'tweet', targetId: await ownersTweet(), reason: 'spam' },
    }),
    aDraft: () => ({ payload: { targetKind: 'video', targetId: draft, reason: 'other' } }),
    anAccount: () => ({
      payload: { targetKind: 'user', targetId: owner.userId, reason: 'harassment', details: 'x' },
    }),
  },
  moderationQueue: { always: () => ({}) },
  moderateTarget: {
    hideOwnersTweet: async () => hide('tweet', await ownersTweet()),
    hideAdminsTweet: async () => hide('tweet', await tweetOf(admin)),
    hideModeratorsTweet: async () => hide('tweet', await tweetOf(moderator)),
    dismissOwnersReports: async () => {
      const targetId = await ownersTweet();
      await expectOk(t.app, 'reportContent', {
        as: other,
        body: { targetKind: 'tweet', targetId, reason: 'spam' },
      });
      return { payload: { action: 'dismiss', targetKind: 'tweet', targetId, reason: 'Fine' } };
    },
  },
  banUser: {
    aPerson: async () => ({
      params: { id: (await registerUser(t.app)).userId },
      payload: { reason: 'Spam' },
    }),
    anAdmin: async () => ({
      params: { id: (await freshAdmin()).userId },
      payload: { reason: 'x' },
    }),
    self: ({ user }) => ({ params: { id: (user ?? owner).userId }, payload: { reason: 'x' } }),
  },
  unbanUser: {
    aBannedPerson: async () => {
      const person = await registerUser(t.app);
      await expectOk(t.app, 'banUser', {
        as: admin,
        params: { id: person.userId },
        body: { reason: 'Spam' },
      });
      return { params: { id: person.userId }, payload: { reason: 'Appeal granted' } };
    },
  },
  moderationLog: { always: () => ({ query: 'limit=5' }) },
  listWatchedWords: { always: () => ({}) },
  addWatchedWord: { aNewWord: () => ({ payload: { word: `word_${uniqueSuffix()}` } }) },
  removeWatchedWord: {
    aWatchedWord: async () => {
      const word = await expectOk(t.app, 'addWatchedWord', {
        as: admin,
        body: { word: `word_${uniqueSuffix()}` },
      });
      return { params: { id: word._id } };
    },
  },
  listHeldTweets: { always: () => ({}) },
  reviewHeld: {
    heldCommentOnOwnersVideo: async () => {
      const held = await expectOk(t.app, 'addComment', {
        as: commenter,
        params: { videoId: published },
        body: { content: `Held for ${watched}` },
      });
      return { payload: { targetKind: 'comment', targetId: held._id, decision: 'approve' } };
    },
    ownersHeldTweet: async () => ({
      payload: { targetKind: 'tweet', targetId: await tweetOf(owner, true), decision: 'reject' },
    }),
  },
};

/** A browser's subscription on a known push service (nothing is sent to it here). */
function pushSubscription() {
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/${uniqueSuffix()}`,
    keys: {
      p256dh: `B${'A'.repeat(86)}`,
      auth: 'A'.repeat(22),
    },
  };
}

/** The person's newest notification, once the events made one (they run after the commit). */
async function firstNotificationOf(user: RegisteredUser): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const page = await expectOk(t.app, 'listNotifications', { as: user, query: {} });
    if (page.notifications[0]) return page.notifications[0]._id;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('no notification came');
}

/** The token of a reset link made as the administrator's command makes one. */
async function resetToken(user: RegisteredUser): Promise<string> {
  const printed = await createResetLinkCommand([user.username], {
    db: t.database.db,
    publicUrl: t.config.publicUrl,
    serverSecret: t.config.secrets.jwtSecret,
  });
  return /token=([\w-]+)/.exec(printed)![1]!;
}

/** Sends one case as one caller, to the method and path the contract gives. */
function send(name: EndpointName, spec: CallSpec, user: RegisteredUser | null) {
  const endpoint = endpoints[name];
  const path = endpoint.path.replace(/:(\w+)/g, (_, param: string) => {
    const value = spec.params?.[param];
    if (value === undefined) throw new Error(`${name}: no value for :${param}`);
    return encodeURIComponent(value);
  });
  return t.app.inject({
    method: endpoint.method,
    url: `${apiPrefix}${path}${spec.query ? `?${spec.query}` : ''}`,
    headers: { ...spec.headers, ...(spec.auth ?? user?.auth ?? {}) },
    ...(spec.payload !== undefined ? { payload: spec.payload } : {}),
  });
}

beforeAll(async () => {
  t = await createTestApp();
  [owner, other, moderator, admin, commenter] = await Promise.all([
    registerUser(t.app),
    registerUser(t.app),
    registerUser(t.app),
    registerUser(t.app),
    registerUser(t.app),
    clip(),
  ]);
  await grantUserRole({ username: moderator.username, role: 'moderator' }, t.database.db);
  await grantUserRole({ username: admin.username, role: 'admin' }, t.database.db);
  await expectOk(t.app, 'addWatchedWord', { as: admin, body: { word: watched } });
  [published, unlisted, draft] = await Promise.all([
    freshVideo(false),
    unlistedVideo(),
    freshVideo(true),
  ]);
  [commentOnPublished, commentOnUnlisted, commentOnDraft] = await Promise.all([
    comment(owner, published),
    comment(owner, unlisted),
    comment(owner, draft),
  ]);
  othersUnlisted = await unlistedVideo(other);
  tweet = await ownersTweet();
  const othersVideo = await createVideo(t.app, other);
  await togglePublish(t.app, other, othersVideo._id);
  othersDraft = othersVideo._id;
  [publicPlaylist, unlistedPlaylist, privatePlaylist] = await Promise.all([
    freshPlaylist('public', [published]),
    freshPlaylist('unlisted', [published]),
    freshPlaylist('private', [published]),
  ]);
  watchLater = (await expectOk(t.app, 'getWatchLater', { as: owner }))._id;
  conversation = await openConversation(t.app, await registerUser(t.app), owner);
  ownersNotification = await firstNotificationOf(owner);
  twoFactorOwner = await registerWithTwoFactor(t.app);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the authorization matrix', () => {
  it('has a row for every endpoint of the contract, and none for an endpoint it lacks', () => {
    const contract = Object.keys(endpoints).sort();
    const rows = Object.keys(authorizationMatrix).sort();
    expect({
      withoutRow: contract.filter((name) => !rows.includes(name)),
      notInContract: rows.filter((name) => !contract.includes(name)),
    }).toEqual({ withoutRow: [], notInContract: [] });
  });

  it('is what every endpoint answers to a visitor, another user, the owner, a moderator and an admin', async () => {
    const differences: string[] = [];
    for (const name of Object.keys(endpoints) as EndpointName[]) {
      const cases = Object.entries(authorizationMatrix[name] ?? {});
      for (const [caseName, expected] of cases) {
        const build = (calls[name] as Record<string, Build | undefined>)[caseName];
        if (!build) {
          differences.push(`${name} (${caseName}): the test does not know how to call it`);
          continue;
        }
        for (const as of callers) {
          const want = expectedStatus(expected, as);
          const user = userOf(as);
          let res: LightMyRequestResponse;
          try {
            res = await send(name, await build({ as, user }), user);
          } catch (error) {
            differences.push(`${name} (${caseName}) as ${as}: ${(error as Error).message}`);
            continue;
          }
          if (res.statusCode !== want) {
            differences.push(
              `${name} (${caseName}) as ${as}: expected ${want}, got ${res.statusCode} ${res.body.slice(0, 160)}`,
            );
          }
        }
      }
    }
    expect(differences, `\n${differences.join('\n')}`).toEqual([]);
  }, 300_000);

  it('covers the upload endpoint outside the contract: a signature of one’s own, or a 401', async () => {
    const differences: string[] = [];
    const file = await clip();
    for (const as of callers) {
      const user = userOf(as);
      const signed = await signUpload(t.app, user ?? owner, 'videos');
      const fields = user ? signed : { ...signed, signature: 'f'.repeat(signed.signature.length) };
      const res = await postUpload(t.app, { resourceType: 'video', fields, file });
      const want = expectedStatus(uploadEndpointMatrix.ownSignature, as);
      if (res.statusCode !== want) {
        differences.push(`upload as ${as}: expected ${want}, got ${res.statusCode} ${res.body}`);
      }
    }
    expect(differences, `\n${differences.join('\n')}`).toEqual([]);
  });

  it('covers oEmbed outside the contract: a card for what a visitor may see, whoever asks', async () => {
    const differences: string[] = [];
    const videos = { publishedVideo: published, unlistedVideo: unlisted, draftVideo: draft };
    for (const [caseName, expected] of Object.entries(oEmbedMatrix)) {
      const link = `${t.config.publicUrl}/video/${videos[caseName as keyof typeof videos]}`;
      for (const as of callers) {
        const res = await t.app.inject({
          method: 'GET',
          url: `${apiPrefix}/oembed?url=${encodeURIComponent(link)}`,
          headers: userOf(as)?.auth ?? {},
        });
        const want = expectedStatus(expected, as);
        if (res.statusCode !== want) {
          differences.push(
            `oembed (${caseName}) as ${as}: expected ${want}, got ${res.statusCode}`,
          );
        }
      }
    }
    expect(differences, `\n${differences.join('\n')}`).toEqual([]);
  });
});
