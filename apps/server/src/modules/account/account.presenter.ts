import type { AccountExport, DeviceSession } from '@kinora/contract';
import type { AccountExportRepository } from './account-export.repository';
import type { DeviceSessionRow } from './sessions.repository';
import { describeUserAgent } from './user-agent';

/** A session as its owner sees it: what the device is, never the raw User-Agent. */
export function presentDeviceSession(
  row: DeviceSessionRow,
  currentSessionId: string,
): DeviceSession {
  return {
    _id: row.id,
    ...describeUserAgent(row.userAgent),
    address: row.ipAddress,
    signedInAt: row.createdAt.toISOString(),
    lastActiveAt: row.lastUsedAt.toISOString(),
    isCurrent: row.id === currentSessionId,
  };
}

type ExportRows = NonNullable<Awaited<ReturnType<AccountExportRepository['readAccount']>>>;

export function presentAccountExport(
  rows: ExportRows,
  userId: string,
  mediaUrl: (key: string) => string,
): AccountExport {
  const url = (key: string | null) => (key ? mediaUrl(key) : null);
  const { account } = rows;
  return {
    exportedAt: new Date().toISOString(),
    account: {
      _id: account.id,
      username: account.username,
      fullname: account.fullname,
      email: account.email,
      bio: account.bio,
      avatar: url(account.avatarKey),
      coverImage: url(account.coverImageKey),
      createdAt: account.createdAt.toISOString(),
    },
    videos: rows.ownVideos.map((v) => ({
      _id: v.id,
      title: v.title,
      description: v.description,
      isPublished: v.isPublished,
      views: v.views,
      duration: v.durationSeconds,
      createdAt: v.createdAt.toISOString(),
      videoFile: url(v.videoKey),
      thumbnail: url(v.thumbnailKey),
    })),
    comments: rows.ownComments.map((c) => ({
      _id: c.id,
      videoId: c.videoId,
      content: c.content,
      createdAt: c.createdAt.toISOString(),
    })),
    likes: rows.ownLikes.flatMap((l): AccountExport['likes'] => {
      const createdAt = l.createdAt.toISOString();
      if (l.videoId) return [{ target: 'video', targetId: l.videoId, createdAt }];
      if (l.commentId) return [{ target: 'comment', targetId: l.commentId, createdAt }];
      if (l.tweetId) return [{ target: 'tweet', targetId: l.tweetId, createdAt }];
      return [];
    }),
    playlists: rows.ownPlaylists.map((p) => ({
      _id: p.id,
      name: p.name,
      description: p.description,
      visibility: p.visibility,
      videoIds: rows.items.filter((i) => i.playlistId === p.id).map((i) => i.videoId),
      createdAt: p.createdAt.toISOString(),
    })),
    watchHistory: rows.history.map((h) => ({
      videoId: h.videoId,
      positionSeconds: h.positionSeconds,
      watchedAt: h.watchedAt.toISOString(),
    })),
    subscriptions: rows.followed.map((s) => ({
      channelId: s.channelId,
      username: s.username,
      subscribedAt: s.subscribedAt.toISOString(),
    })),
    tweets: rows.ownTweets.map((t) => ({
      _id: t.id,
      content: t.content,
      createdAt: t.createdAt.toISOString(),
    })),
    conversations: rows.conversations.map((c) => ({
      _id: c.conversationId,
      with: { _id: c.otherId, username: c.username },
      messages: c.messages.map((m) => ({
        fromMe: m.senderId === userId,
        content: m.content,
        createdAt: m.createdAt.toISOString(),
      })),
    })),
  };
}
