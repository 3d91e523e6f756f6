/**
 * Account safety (issue 20 item 3): where one is signed in, the export of one's own data, and
 * deleting the account. Kept apart from `users.ts` so each area of the account has its file.
 */
import { z } from 'zod';
import { IdParams, IsoDate } from './common';
import { define } from './define-endpoint';
import { personNameFields } from './people';

/** One signed-in device as its owner sees it in "Sessions and devices". */
export const DeviceSession = z.object({
  _id: z.string(),
  /** Read from the User-Agent the device signed in with: "Chrome", "Firefox", ... or null. */
  browser: z.string().nullable(),
  /** "Windows", "macOS", "iOS", "Android", "Linux", ... or null. */
  os: z.string().nullable(),
  device: z.enum(['desktop', 'mobile', 'tablet', 'unknown']),
  /** The network address it signed in or last renewed its session from. */
  address: z.string().nullable(),
  signedInAt: IsoDate,
  lastActiveAt: IsoDate,
  /** The session of the request that asked ("This device"). */
  isCurrent: z.boolean(),
});
export type DeviceSession = z.infer<typeof DeviceSession>;
export const DeviceSessions = z.array(DeviceSession);

export const EndedSessions = z.object({ ended: z.number().int().min(0) });
export type EndedSessions = z.infer<typeof EndedSessions>;

export const DeleteAccountBody = z.object({
  /** The account's password, asked again: deleting cannot be undone. */
  password: z
    .string({ message: 'Password is required' })
    .min(1, 'Password is required')
    .max(1000, 'Password is too long'),
});
export type DeleteAccountBody = z.infer<typeof DeleteAccountBody>;

const ExportedVideo = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  isPublished: z.boolean(),
  views: z.number(),
  duration: z.number(),
  createdAt: IsoDate,
  /** Links to the media files (valid while the account exists). */
  videoFile: z.string().nullable(),
  thumbnail: z.string().nullable(),
});

/** Everything Kinora holds of a person that is theirs, for them to keep (JSON, media by link). */
export const AccountExport = z.object({
  exportedAt: IsoDate,
  account: z.object({
    ...personNameFields,
    email: z.string(),
    bio: z.string(),
    avatar: z.string().nullable(),
    coverImage: z.string().nullable(),
    createdAt: IsoDate,
  }),
  videos: z.array(ExportedVideo),
  comments: z.array(
    z.object({ _id: z.string(), videoId: z.string(), content: z.string(), createdAt: IsoDate }),
  ),
  likes: z.array(
    z.object({
      target: z.enum(['video', 'comment', 'tweet']),
      targetId: z.string(),
      createdAt: IsoDate,
    }),
  ),
  playlists: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      description: z.string(),
      visibility: z.string(),
      videoIds: z.array(z.string()),
      createdAt: IsoDate,
    }),
  ),
  watchHistory: z.array(
    z.object({ videoId: z.string(), positionSeconds: z.number(), watchedAt: IsoDate }),
  ),
  subscriptions: z.array(
    z.object({ channelId: z.string(), username: z.string(), subscribedAt: IsoDate }),
  ),
  tweets: z.array(z.object({ _id: z.string(), content: z.string(), createdAt: IsoDate })),
  /** The person's conversations with the messages in them, both sides'. */
  conversations: z.array(
    z.object({
      _id: z.string(),
      with: z.object({ _id: z.string(), username: z.string() }),
      messages: z.array(z.object({ fromMe: z.boolean(), content: z.string(), createdAt: IsoDate })),
    }),
  ),
});
export type AccountExport = z.infer<typeof AccountExport>;

export const accountEndpoints = {
  listSessions: define({
    method: 'GET',
    path: '/users/sessions',
    summary: 'Where the caller is signed in: each live session, the current one marked',
    tag: 'account',
    access: 'user',
    response: DeviceSessions,
    message: 'Sessions',
  }),
  endSession: define({
    method: 'DELETE',
    path: '/users/sessions/:id',
    summary: 'Sign one other device out (its live connections end at once)',
    tag: 'account',
    access: 'user',
    params: IdParams,
    response: EndedSessions,
    message: 'Session ended',
  }),
  endOtherSessions: define({
    method: 'DELETE',
    path: '/users/sessions',
    summary: 'Sign out every device but this one',
    tag: 'account',
    access: 'user',
    response: EndedSessions,
    message: 'Other sessions ended',
  }),
  exportAccount: define({
    method: 'GET',
    path: '/users/export',
    summary: "The caller's own data as JSON, media files by link",
    tag: 'account',
    access: 'user',
    response: AccountExport,
    message: 'Your data',
  }),
  deleteAccount: define({
    method: 'POST',
    path: '/users/delete-account',
    summary: 'Delete the account and everything of it, after the password is given again',
    tag: 'account',
    access: 'user',
    body: DeleteAccountBody,
    response: z.object({}),
    message: 'Account deleted',
  }),
} as const;
