import type { Comment, Video, VideoOwner, VideoPage } from '@kinora/contract';

/** Videos and comments as the server presents them (tests only). */

export const ownerId = '7b0a1c52-3f7e-4d2b-9a51-0c2e4f6a8b10';
export const videoId = '0d7e8f1a-2b3c-4d5e-8f6a-7b8c9d0e1f2a';

export function makeOwner(overrides: Partial<VideoOwner> = {}): VideoOwner {
  return {
    _id: ownerId,
    username: 'grace',
    fullname: 'Grace Hopper',
    avatar: null,
    subscribersCount: 1200,
    ...overrides,
  };
}

let sequence = 0;

/** `isPublished` and `visibility` agree: give either (a draft is private). */
export function makeVideo(overrides: Partial<Video> = {}): Video {
  sequence += 1;
  const visibility =
    overrides.visibility ?? (overrides.isPublished === false ? 'private' : 'public');
  return {
    _id: videoId,
    title: 'Compilers, explained',
    description: 'How a compiler turns words into machine code.',
    videofile: '/media/videos/v1/original.mp4',
    thumbnail: '/media/thumbnails/v1.webp',
    duration: 754,
    views: 1534,
    likes: 42,
    comments: 3,
    isLive: false,
    isPublished: visibility === 'public',
    visibility,
    publishAt: null,
    status: 'ready',
    hls: null,
    storyboard: null,
    processingProgress: null,
    videoPublicId: `videos/asset-${sequence}`,
    thumbnailPublicId: `thumbnails/asset-${sequence}`,
    owner: makeOwner(),
    createdAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
    updatedAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
    ...overrides,
  };
}

export function makeComment(overrides: Partial<Comment> = {}): Comment {
  sequence += 1;
  const id = `c0000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
  return {
    _id: id,
    content: 'Great explanation!',
    videoId,
    owner: '9c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5',
    ownerDetails: {
      _id: '9c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5',
      username: 'alan',
      fullname: 'Alan Turing',
      avatar: null,
    },
    likesCount: 0,
    isLiked: false,
    createdAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    updatedAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    ...overrides,
  };
}

/** One page that holds every given video, as GET /videos answers with a limit of 50. */
export function makeVideoPage(videos: Video[]): VideoPage {
  return {
    videos,
    page: 1,
    limit: 50,
    totalPages: 1,
    hasNextPage: false,
    totalVideos: videos.length,
  };
}
