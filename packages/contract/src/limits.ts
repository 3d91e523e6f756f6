/** Limits shared by the server's checks and the web's form validation. */
export const limits = {
  avatarMaxBytes: 5 * 1024 * 1024,
  coverImageMaxBytes: 10 * 1024 * 1024,
  username: { min: 3, max: 30 },
  fullname: { max: 80 },
  email: { max: 254 },
  password: { min: 8, max: 128 },
  bio: { max: 1000 },
  playlistName: 50,
  playlistDescription: 200,
  /** Videos one playlist may hold. */
  playlistVideos: 5000,
  /** Playlists one page of `GET /playlists/user/{userId}` holds at most (and by default). */
  playlistsPage: 100,
  /** Video ids one `GET /users/watchHistory/positions` asks about at most. */
  watchPositionsBatch: 100,
  tweet: 280,
  /** Characters of a comment or reply (a reply's added @name counts). */
  comment: 2000,
} as const;

/**
 * What a person's unread notifications are counted up to; the bell shows "99+" beyond (here,
 * beside the other plain numbers, so the bell's first load carries no schema).
 */
export const notificationUnreadCap = 100;

/** Stored avatar is a square of this many pixels; cover images fit within this box. */
export const imageSizes = {
  avatar: 256,
  cover: { width: 2048, height: 1152 },
} as const;
