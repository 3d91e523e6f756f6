import type { Comment, Video } from '@kinora/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { withContractServer } from '../testing/contract-server';
import { makeUser } from '../testing/fixtures';
import { makeComment, makeVideo, ownerId } from '../testing/video-fixtures';
import { renderRoute } from './testing';

/*
 * What moderation shows on the watch page (decision 0038): the owner of a hidden video is told
 * why; a comment held for a watched word shows Approve and Reject to the video's owner only.
 */

const server = withContractServer();
const owner = makeUser({ _id: ownerId, username: 'grace' });

function serve(video: Video, comments: Comment[], signedInAs: ReturnType<typeof makeUser>) {
  server().on('currentUser', () => ({ data: signedInAs }));
  server().on('getVideo', () => ({ data: video }));
  server().on('listComments', () => ({
    data: {
      comments,
      totalCount: comments.length,
      page: 1,
      limit: 20,
      totalPages: 1,
      hasNextPage: false,
    },
  }));
  server().on('videoLikeStatus', () => ({ data: { isLiked: false, likeCount: 0 } }));
  server().on('subscriptionStatus', () => ({ data: { isSubscribed: false, subscriberCount: 0 } }));
  server().on('listVideos', () => ({
    data: { videos: [], page: 1, limit: 10, totalPages: 0, hasNextPage: false, totalVideos: 0 },
  }));
}

describe('the watch page under moderation', () => {
  it('tells the owner why their video is hidden', async () => {
    localStorage.setItem('accessToken', 'token-1');
    const video = makeVideo({ moderation: { state: 'hidden', reason: 'Copyright' } });
    serve(video, [], owner);
    renderRoute(`/video/${video._id}`);
    expect(
      await screen.findByText('Hidden by a moderator: Copyright', {}, { timeout: 15_000 }),
    ).toBeVisible();
  });

  it('lets the video’s owner approve a held comment', async () => {
    localStorage.setItem('accessToken', 'token-1');
    const video = makeVideo();
    const held = makeComment({
      content: 'Held words',
      moderation: { state: 'held', reason: null },
    });
    serve(video, [held], owner);
    server().on('reviewHeld', (request) => ({
      data: request.body as { targetKind: 'comment'; targetId: string; decision: 'approve' },
    }));
    const { user } = renderRoute(`/video/${video._id}`);
    const note = await screen.findByRole('note', {}, { timeout: 15_000 });
    expect(note).toHaveTextContent('Held for approval: it contains a watched word.');
    await user.click(await within(note).findByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(server().requestsTo('reviewHeld')).toHaveLength(1));
    expect(server().requestsTo('reviewHeld')[0]?.body).toEqual({
      targetKind: 'comment',
      targetId: held._id,
      decision: 'approve',
    });
  });

  it('shows the author of a held comment the notice, without Approve', async () => {
    localStorage.setItem('accessToken', 'token-1');
    const author = makeUser({ _id: '9c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5', username: 'alan' });
    const video = makeVideo();
    serve(video, [makeComment({ moderation: { state: 'held', reason: null } })], author);
    renderRoute(`/video/${video._id}`);
    const note = await screen.findByRole('note', {}, { timeout: 15_000 });
    expect(within(note).queryByRole('button', { name: 'Approve' })).toBeNull();
  });
});
