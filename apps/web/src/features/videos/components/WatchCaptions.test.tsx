import { configure, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderRoute } from '../../../app/testing';
import { withContractServer } from '../../../testing/contract-server';
import { makeUser } from '../../../testing/fixtures';
import { stubMediaPlayback } from '../../../testing/media-element';
import { makeVideo, videoId } from '../../../testing/video-fixtures';

const server = withContractServer();

beforeAll(async () => {
  await import('./WatchPage');
  configure({ asyncUtilTimeout: 4000 });
});
afterAll(() => configure({ asyncUtilTimeout: 1000 }));

function serveWatchPage() {
  server().on('currentUser', () => ({ data: makeUser() }));
  server().on('getVideo', () => ({ data: makeVideo() }));
  server().on('listComments', () => ({
    data: { comments: [], totalCount: 0, page: 1, limit: 20, totalPages: 1, hasNextPage: false },
  }));
  server().on('videoLikeStatus', () => ({ data: { isLiked: false, likeCount: 0 } }));
  server().on('subscriptionStatus', () => ({ data: { isSubscribed: false, subscriberCount: 0 } }));
  server().on('listVideos', () => ({
    data: { videos: [], page: 1, limit: 10, totalPages: 1, hasNextPage: false, totalVideos: 0 },
  }));
  server().on('watchPositions', () => ({ data: [] }));
  server().on('listCaptions', () => ({
    data: {
      captions: [
        {
          language: 'en',
          label: 'English',
          url: '/media/captions/v/en-1.vtt',
          playlist: '/media/captions/v/en-1.m3u8',
          cues: 3,
          updatedAt: '2026-11-26T10:00:00.000Z',
        },
      ],
    },
  }));
}

describe('captions on the watch page', () => {
  it('gives the player the video’s captions as subtitles tracks, with the CC button', async () => {
    stubMediaPlayback();
    serveWatchPage();
    const view = renderRoute(`/video/${videoId}`);
    const player = await screen.findByRole('region', { name: 'Video player' });
    expect(await within(player).findByRole('button', { name: 'Captions' })).toBeInTheDocument();
    const track = view.container.querySelector('video track');
    expect(track).toHaveAttribute('kind', 'subtitles');
    expect(track).toHaveAttribute('srclang', 'en');
    expect(track).toHaveAttribute('src', '/media/captions/v/en-1.vtt');
    expect(server().requestsTo('listCaptions')[0]?.params).toEqual({ id: videoId });
  });
});
