import type { Comment, Video } from '@kinora/contract';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../app/testing';
import { actAsProduction, deferred, withContractServer } from '../../../testing/contract-server';
import { makeUser } from '../../../testing/fixtures';
import { setMediaDuration, setMediaTime, stubMediaPlayback } from '../../../testing/media-element';
import {
  makeComment,
  makeOwner,
  makeVideo,
  ownerId,
  videoId,
} from '../../../testing/video-fixtures';

const server = withContractServer();

// The route loads the page lazily: load it once up front so no test pays for that, and allow
// for a busy machine (several suites at once) when waiting for screens.
beforeAll(async () => {
  await import('./WatchPage');
  configure({ asyncUtilTimeout: 4000 });
});
afterAll(() => configure({ asyncUtilTimeout: 1000 }));

const viewer = makeUser({ _id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b', username: 'ada' });
const owner = makeUser({ _id: ownerId, username: 'grace', fullname: 'Grace Hopper' });

interface Setup {
  video?: Video;
  comments?: Comment[];
  related?: Video[];
  signedInAs?: typeof viewer | null;
}

/** Answers every call of the watch page (core §7 "Watch page"). */
function serveWatchPage({
  video = makeVideo(),
  comments = [],
  related,
  signedInAs = null,
}: Setup = {}) {
  if (signedInAs) server().on('currentUser', () => ({ data: signedInAs }));
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
  server().on('videoLikeStatus', () => ({ data: { isLiked: false, likeCount: video.likes } }));
  server().on('subscriptionStatus', () => ({
    data: { isSubscribed: false, subscriberCount: video.owner.subscribersCount },
  }));
  const list = related ?? [video];
  server().on('listVideos', () => ({
    data: {
      videos: list,
      page: 1,
      limit: 10,
      totalPages: 1,
      hasNextPage: false,
      totalVideos: list.length,
    },
  }));
  return video;
}

async function openWatchPage(setup: Setup = {}) {
  const video = serveWatchPage(setup);
  const view = renderRoute(`/video/${video._id}`);
  await screen.findByRole('heading', { level: 1, name: video.title });
  return view;
}

const notifications = () => screen.getByRole('status', { name: 'Notifications' });
const commentList = () => screen.getByRole('region', { name: 'Comment list' });

// Whole-page tests: generous limits for machines running several suites at once.
describe('watch page', { timeout: 15_000 }, () => {
  it('loads the video, comments, like status, subscription status and related videos', async () => {
    const related = Array.from({ length: 10 }, (_, i) =>
      makeVideo({ _id: `related-${i}`, title: `Related ${i}` }),
    );
    related[3] = makeVideo(); // the video being watched is in the list: it is left out
    await openWatchPage({ related });

    // Everything loads at once, alongside the video.
    for (const name of [
      'listComments',
      'videoLikeStatus',
      'subscriptionStatus',
      'listVideos',
    ] as const) {
      await expect.poll(() => server().requestsTo(name).length).toBe(1);
    }
    expect(server().requestsTo('getVideo')[0]?.params).toEqual({ id: videoId });
    expect(server().requestsTo('listComments')[0]?.params).toEqual({ videoId });
    expect(server().requestsTo('videoLikeStatus')[0]?.params).toEqual({ id: videoId });
    expect(server().requestsTo('subscriptionStatus')[0]?.params).toEqual({ channelId: ownerId });
    expect(server().requestsTo('listVideos')[0]?.query).toEqual({ page: '1', limit: '10' });

    const main = screen.getByRole('main');
    expect(main).toHaveTextContent('1.5K views');
    expect(main).toHaveTextContent('3 days ago');
    expect(main).toHaveTextContent('How a compiler turns words into machine code.');
    expect(within(main).getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute(
      'href',
      `/channel/${ownerId}`,
    );
    expect(main).toHaveTextContent('1.2K subscribers');
    expect(screen.getByRole('button', { name: /^Like 42/ })).toHaveAttribute(
      'aria-pressed',
      'false',
    );

    const aside = screen.getByRole('complementary', { name: 'Related videos' });
    const items = await within(aside).findAllByRole('link');
    expect(items).toHaveLength(8);
    expect(items[0]).toHaveAttribute('href', '/video/related-0');
    expect(items.map((a) => a.getAttribute('href'))).not.toContain(`/video/${videoId}`);
    expect(items[0]).toHaveTextContent('Related 0');
    expect(items[0]).toHaveTextContent('12:34');
    expect(items[0]).toHaveTextContent('Grace Hopper');
    expect(document.title).toBe('Compilers, explained · Kinora');
  });

  it('shows skeletons while related videos load, and "No related videos" when there are none', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    serveWatchPage({ related: [] });
    const answer = {
      videos: [],
      page: 1,
      limit: 10,
      totalPages: 0,
      hasNextPage: false,
      totalVideos: 0,
    };
    server().on('listVideos', async () => {
      await held;
      return { data: answer };
    });
    renderRoute(`/video/${videoId}`);
    expect(
      await screen.findByRole('status', { name: 'Loading related videos' }),
    ).toBeInTheDocument();
    release();
    expect(await screen.findByText('No related videos')).toBeInTheDocument();
  });

  it.each([
    [404, 'NOT_FOUND', 'Video not found'],
    [400, 'VALIDATION_FAILED', 'Video not found'],
    [500, 'INTERNAL', 'Failed to fetch video'],
  ] as const)('answers %s with "%s"', async (status, code, text) => {
    server().on('getVideo', () => ({ status, error: { code, message: 'x' } }));
    renderRoute('/video/nope');
    expect(await screen.findByRole('heading', { level: 1, name: text })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
  });

  it('offers Try Again after a failed load', async () => {
    serveWatchPage();
    let calls = 0;
    server().on('getVideo', () => {
      calls += 1;
      return calls === 1
        ? { status: 500, error: { code: 'INTERNAL', message: 'Boom' } }
        : { data: makeVideo() };
    });
    const { user } = renderRoute(`/video/${videoId}`);
    await user.click(await screen.findByRole('button', { name: 'Try Again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Compilers, explained' }),
    ).toBeInTheDocument();
  });

  it("says 'Invalid video data received' when the answer is not a video", async () => {
    // Only production takes such an answer as it comes (the client checks it everywhere else).
    actAsProduction();
    server().on('getVideo', () => ({ data: null as unknown as Video }));
    renderRoute(`/video/${videoId}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Invalid video data received' }),
    ).toBeInTheDocument();
  });

  it("says 'Video not available' when the video has no file", async () => {
    await openWatchPage({ video: makeVideo({ videofile: null, hls: null }) });
    expect(screen.getByText('Video not available')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Video player' })).not.toBeInTheDocument();
  });

  it("says 'No description available.' without a description", async () => {
    await openWatchPage({ video: makeVideo({ description: '  ' }) });
    expect(screen.getByText('No description available.')).toBeInTheDocument();
  });

  it('plays the original while processing, shows progress and checks until it is ready', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const processing = makeVideo({ status: 'processing', processingProgress: 0.42 });
      serveWatchPage({ video: processing });
      renderRoute(`/video/${videoId}`);
      expect(await screen.findByText('Processing… 42%')).toBeInTheDocument();
      const video = screen.getByRole('region', { name: 'Video player' }).querySelector('video');
      expect(video).toHaveAttribute('src', '/media/videos/v1/original.mp4');

      server().on('getVideo', () => ({
        data: makeVideo({ status: 'ready', hls: '/media/videos/v1/hls/master.m3u8' }),
      }));
      await act(() => vi.advanceTimersByTimeAsync(4100));
      await waitFor(() => expect(screen.queryByText(/Processing…/)).not.toBeInTheDocument());
      expect(server().requestsTo('getVideo')).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  describe('an original this browser cannot decode (issue 22)', () => {
    const hevc = {
      originalPlayable: false,
      originalMimeType: 'video/mp4',
      originalCodecs: 'hvc1.1.6.L120.90, mp4a.40.2',
    } as const;

    it("never plays it: 'Preparing your video… about N s', then the first rendition without a reload", async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      try {
        serveWatchPage({
          video: makeVideo({
            ...hevc,
            status: 'processing',
            processingProgress: 0.05,
            renditions: [
              { name: '360p', progress: 0.4, ready: false, secondsLeft: 6 },
              { name: '720p', progress: 0, ready: false, secondsLeft: null },
            ],
          }),
        });
        const { container } = renderRoute(`/video/${videoId}`);
        expect(await screen.findByText('Preparing your video… about 6 s')).toBeInTheDocument();
        expect(
          screen.getByRole('progressbar', { name: 'Preparing the first quality' }),
        ).toHaveAttribute('aria-valuenow', '40');
        // No player, so no frozen frame with the sound playing under it.
        expect(container.querySelector('video')).toBeNull();
        expect(screen.queryByText(/You are watching the original upload/)).not.toBeInTheDocument();

        // The ladder's first segments are published while the one run goes on (decision
        // 0057): the next check shows the player on the same page.
        server().on('getVideo', () => ({
          data: makeVideo({
            ...hevc,
            status: 'processing',
            processingProgress: 0.1,
            hls: '/media/videos/v1/hls/first.m3u8',
            renditions: [
              { name: '360p', progress: 0.15, ready: false, secondsLeft: 30 },
              { name: '720p', progress: 0.15, ready: false, secondsLeft: 30 },
            ],
          }),
        }));
        await act(() => vi.advanceTimersByTimeAsync(1600));
        await screen.findByRole('region', { name: 'Video player' });
        expect(screen.queryByText(/Preparing your video/)).not.toBeInTheDocument();
        expect(
          screen.getByText(/You are watching it while it is made; it plays on as the rest comes\./),
        ).toBeInTheDocument();

        // The run has ended: the whole ladder, while the poster and the storyboard are made.
        server().on('getVideo', () => ({
          data: makeVideo({
            ...hevc,
            status: 'processing',
            processingProgress: 0.9,
            hls: '/media/videos/v1/hls/master.m3u8',
            renditions: [
              { name: '360p', progress: 1, ready: true, secondsLeft: null },
              { name: '720p', progress: 1, ready: true, secondsLeft: null },
            ],
          }),
        }));
        await act(() => vi.advanceTimersByTimeAsync(1600));
        expect(
          await screen.findByText(/Every quality is ready; the preview pictures follow\./),
        ).toBeInTheDocument();
        // The original is never given to the element, even as hls.js's fallback.
        expect(container.querySelector('video')?.getAttribute('src') ?? null).not.toBe(
          '/media/videos/v1/original.mp4',
        );
      } finally {
        vi.useRealTimers();
      }
    });

    it('plays an original whose probed codecs the browser says it decodes', async () => {
      const canPlay = vi
        .spyOn(HTMLMediaElement.prototype, 'canPlayType')
        .mockImplementation((type) => (type.includes('avc1.640028') ? 'probably' : ''));
      try {
        await openWatchPage({
          video: makeVideo({
            originalPlayable: true,
            originalMimeType: 'video/mp4',
            originalCodecs: 'avc1.640028, mp4a.40.2',
          }),
        });
        const media = screen.getByRole('region', { name: 'Video player' }).querySelector('video');
        expect(media).toHaveAttribute('src', '/media/videos/v1/original.mp4');
        expect(canPlay).toHaveBeenCalledWith('video/mp4; codecs="avc1.640028, mp4a.40.2"');
      } finally {
        canPlay.mockRestore();
      }
    });

    it('refuses an original the browser cannot decode even when the server thought it could', async () => {
      // jsdom decodes nothing: canPlayType answers '' for every type.
      await openWatchPage({
        video: makeVideo({
          originalPlayable: true,
          originalMimeType: 'video/webm',
          originalCodecs: 'av01.0.09M.08, opus',
        }),
      });
      expect(screen.getByText('This video cannot be played in this browser')).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Video player' })).not.toBeInTheDocument();
    });
  });

  describe('who sees which controls', () => {
    it('visitors: no subscribe or comment box, a sign-in message link; likes ignored; Save alerts', async () => {
      const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
      const { user } = await openWatchPage();
      await screen.findByText('No comments yet');

      expect(screen.queryByRole('button', { name: 'Subscribe' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Message' })).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Login to message the creator' })).toHaveAttribute(
        'href',
        '/login',
      );
      expect(screen.queryByRole('combobox', { name: 'Add a comment' })).not.toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: /^Like 42/ }));
      expect(server().requestsTo('toggleVideoLike')).toHaveLength(0);

      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(alert).toHaveBeenCalledWith('Please login to save videos to playlists');
      expect(screen.queryByRole('dialog', { name: 'Save to playlist' })).not.toBeInTheDocument();
    });

    it('the owner: no subscribe or message button, but the comment box', async () => {
      await openWatchPage({ signedInAs: owner });
      expect(await screen.findByRole('combobox', { name: 'Add a comment' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Subscribe' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Message' })).not.toBeInTheDocument();
    });

    it('another user: Subscribe/Subscribed and the message button of where they stand', async () => {
      server().on('checkMessageRequest', () => ({
        data: { status: 'pending', conversationId: null },
      }));
      const { user } = await openWatchPage({ signedInAs: viewer });
      server().on('toggleSubscription', () => ({
        data: { isSubscribed: true, subscriberCount: 1201 },
      }));
      const subscribe = await screen.findByRole('button', { name: 'Subscribe' });
      expect(await screen.findByRole('button', { name: 'Request Pending' })).toBeDisabled();
      expect(server().requestsTo('checkMessageRequest')[0]?.params).toEqual({
        receiverId: ownerId,
      });

      await user.click(subscribe);
      expect(await screen.findByRole('button', { name: 'Subscribed' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      expect(screen.getByRole('main')).toHaveTextContent('1.2K subscribers');
      expect(server().requestsTo('toggleSubscription')[0]?.params).toEqual({ channelId: ownerId });
    });

    it("toasts 'Failed to subscribe/unsubscribe' when the toggle fails", async () => {
      const { user } = await openWatchPage({ signedInAs: viewer });
      server().on('toggleSubscription', () => ({
        status: 500,
        error: { code: 'INTERNAL', message: 'Boom' },
      }));
      await user.click(await screen.findByRole('button', { name: 'Subscribe' }));
      expect(
        await within(notifications()).findByText('Failed to subscribe/unsubscribe'),
      ).toBeVisible();
      expect(screen.getByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
    });

    it('treats a failed subscription status as not subscribed', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      serveWatchPage({ signedInAs: viewer });
      server().on('subscriptionStatus', () => ({
        status: 500,
        error: { code: 'INTERNAL', message: 'Boom' },
      }));
      renderRoute(`/video/${videoId}`);
      expect(await screen.findByRole('button', { name: 'Subscribe' })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
      expect(screen.getByRole('main')).toHaveTextContent('1.2K subscribers');
    });
  });

  it('likes and unlikes the video for a signed-in user', async () => {
    const { user } = await openWatchPage({ signedInAs: viewer });
    let liked = false;
    server().on('toggleVideoLike', () => {
      liked = !liked;
      return { data: { isLiked: liked, likeCount: liked ? 43 : 42 } };
    });
    await user.click(await screen.findByRole('button', { name: /^Like 42/ }));
    expect(await screen.findByRole('button', { name: /^Liked 43/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(screen.getByRole('button', { name: /^Liked 43/ }));
    expect(await screen.findByRole('button', { name: /^Like 42/ })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(server().requestsTo('toggleVideoLike')).toHaveLength(2);
  });

  it('keeps a like made while the like status is still loading', async () => {
    const video = serveWatchPage({ signedInAs: viewer });
    const status = deferred<void>();
    server().on('videoLikeStatus', async () => {
      await status.promise;
      return { data: { isLiked: false, likeCount: 42 } };
    });
    server().on('toggleVideoLike', () => ({ data: { isLiked: true, likeCount: 43 } }));
    const { user } = renderRoute(`/video/${video._id}`);
    await screen.findByRole('heading', { level: 1, name: video.title });
    await waitFor(() => expect(server().requestsTo('videoLikeStatus')).toHaveLength(1));

    // The count shown is the video's own until the status comes.
    await user.click(await screen.findByRole('button', { name: /^Like 42/ }));
    expect(await screen.findByRole('button', { name: /^Liked 43/ })).toBeInTheDocument();
    // The status asked before the like answers last: it must not undo the like on screen.
    status.resolve();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getByRole('button', { name: /^Liked 43/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('copies the share link and toasts it', async () => {
    const { user } = await openWatchPage();
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(
      `${window.location.origin}/#/video/${videoId}`,
    );
    expect(
      await within(notifications()).findByText('Video URL copied to clipboard!'),
    ).toBeVisible();
  });

  it('offers the link from where the player is, and the embed code, beside the copy', async () => {
    const { user, container } = await openWatchPage();
    const media = container.querySelector('video')!;
    setMediaDuration(media, 600);
    act(() => setMediaTime(media, 83.6));
    await user.click(screen.getByRole('button', { name: 'Share' }));
    const options = screen.getByRole('dialog', { name: 'Share options' });
    const link = within(options).getByRole('textbox', { name: 'Link to the video' });
    expect(link).toHaveValue(`${window.location.origin}/#/video/${videoId}`);

    await user.click(within(options).getByRole('checkbox', { name: 'Start at 1:23' }));
    expect(link).toHaveValue(`${window.location.origin}/#/video/${videoId}?t=83`);
    await user.click(within(options).getByRole('button', { name: 'Copy' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(
      `${window.location.origin}/#/video/${videoId}?t=83`,
    );
    const embed = within(options).getByRole('textbox', { name: 'Embed' });
    expect((embed as HTMLTextAreaElement).value).toContain(
      `src="${window.location.origin}/embed/${videoId}?t=83"`,
    );
    await user.click(within(options).getByRole('button', { name: 'Copy embed code' }));
    expect(
      await within(notifications()).findByText('Embed code copied to clipboard!'),
    ).toBeVisible();
    await expect(navigator.clipboard.readText()).resolves.toMatch(/^<iframe /);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Share options' })).toBeNull();
  });

  // Save to playlist (signed in) is tested with its widget, in features/playlists.

  describe('comments', () => {
    it("shows 'No comments yet' / 'Be the first to comment!' in a fixed-height scrolling list", async () => {
      await openWatchPage();
      expect(await within(commentList()).findByText('No comments yet')).toBeInTheDocument();
      expect(within(commentList()).getByText('Be the first to comment!')).toBeInTheDocument();
      expect(commentList()).toHaveClass('max-h-112', 'overflow-y-auto');
      expect(screen.getByRole('heading', { name: '0 Comments' })).toBeInTheDocument();
    });

    it('lists comments with author and time; visitors see counts, not Like buttons', async () => {
      await openWatchPage({ comments: [makeComment({ likesCount: 2 })] });
      const item = await within(commentList()).findByRole('listitem');
      expect(item).toHaveTextContent('@alan');
      expect(item).toHaveTextContent('2 hours ago');
      expect(item).toHaveTextContent('Great explanation!');
      expect(within(item).queryByRole('button', { name: /Like/ })).toBeNull();
      expect(screen.getByRole('heading', { name: '1 Comment' })).toBeInTheDocument();
    });

    it('posts a trimmed comment; Post stays disabled while the text is blank', async () => {
      const { user } = await openWatchPage({ signedInAs: viewer });
      const posted = makeComment({
        content: 'Loved it',
        owner: viewer._id,
        ownerDetails: { _id: viewer._id, username: 'ada', fullname: 'Ada', avatar: null },
        createdAt: new Date().toISOString(),
      });
      server().on('addComment', () => ({ status: 201, data: posted }));

      const box = await screen.findByRole('combobox', { name: 'Add a comment' });
      const post = screen.getByRole('button', { name: 'Post' });
      expect(post).toBeDisabled();
      await user.type(box, '   ');
      expect(post).toBeDisabled();
      fireEvent.submit(box.closest('form') as HTMLFormElement);
      expect(server().requestsTo('addComment')).toHaveLength(0);

      await user.clear(box);
      await user.type(box, '  Loved it  ');
      await user.click(post);

      const item = await within(commentList()).findByRole('listitem');
      expect(item).toHaveTextContent('Loved it');
      expect(item).toHaveTextContent('Just now');
      expect(server().requestsTo('addComment')[0]?.body).toEqual({ content: 'Loved it' });
      expect(server().requestsTo('addComment')[0]?.params).toEqual({ videoId });
      expect(box).toHaveValue('');
      expect(screen.getByRole('heading', { name: '1 Comment' })).toBeInTheDocument();
    });

    it('keeps the text when posting fails', async () => {
      const { user } = await openWatchPage({ signedInAs: viewer });
      server().on('addComment', () => ({
        status: 500,
        error: { code: 'INTERNAL', message: 'Boom' },
      }));
      const box = await screen.findByRole('combobox', { name: 'Add a comment' });
      await user.type(box, 'Hello');
      await user.click(screen.getByRole('button', { name: 'Post' }));
      expect(
        await within(notifications()).findByText('Failed to post comment. Please try again.'),
      ).toBeVisible();
      expect(box).toHaveValue('Hello');
    });

    it('likes a comment (Like/Liked with the count)', async () => {
      const comment = makeComment({ likesCount: 1 });
      const { user } = await openWatchPage({ signedInAs: viewer, comments: [comment] });
      server().on('toggleCommentLike', () => ({ data: { isLiked: true, likeCount: 2 } }));
      const item = await within(commentList()).findByRole('listitem');
      await user.click(within(item).getByRole('button', { name: 'Like 1' }));
      expect(await within(item).findByRole('button', { name: 'Liked 2' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      expect(server().requestsTo('toggleCommentLike')[0]?.params).toEqual({ id: comment._id });
    });

    it('lets the video owner delete a comment', async () => {
      vi.spyOn(window, 'confirm').mockReturnValue(true);
      const { user } = await openWatchPage({ signedInAs: owner, comments: [makeComment()] });
      server().on('deleteComment', () => ({ data: {} }));
      const item = await within(commentList()).findByRole('listitem');
      await user.click(within(item).getByRole('button', { name: 'Delete comment by @alan' }));
      expect(await within(commentList()).findByText('No comments yet')).toBeInTheDocument();
      expect(server().requestsTo('deleteComment')).toHaveLength(1);
    });
  });

  describe('views', () => {
    it('counts the view once per visit when playback first starts', async () => {
      stubMediaPlayback();
      server().on('recordView', () => ({ data: { views: 42, counted: true } }));
      const { user } = await openWatchPage({ video: makeVideo({ views: 41 }) });
      const player = screen.getByRole('region', { name: 'Video player' });
      expect(server().requestsTo('recordView')).toHaveLength(0);

      await user.click(within(player).getByRole('button', { name: 'Play video' }));
      await waitFor(() => expect(screen.getByRole('main')).toHaveTextContent('42 views'));
      await user.click(within(player).getByRole('button', { name: 'Pause' }));
      await user.click(within(player).getByRole('button', { name: 'Play' }));
      expect(server().requestsTo('recordView')).toHaveLength(1);
      expect(server().requestsTo('recordView')[0]?.params).toEqual({ id: videoId });
    });

    it('leaves the count alone when the server did not count it', async () => {
      stubMediaPlayback();
      server().on('recordView', () => ({ data: { views: 41, counted: false } }));
      const { user } = await openWatchPage({ video: makeVideo({ views: 41 }) });
      await user.click(screen.getByRole('button', { name: 'Play video' }));
      await waitFor(() => expect(server().requestsTo('recordView')).toHaveLength(1));
      expect(screen.getByRole('main')).toHaveTextContent('41 views');
    });
  });

  it('gives the owner row a link to the channel for everyone', async () => {
    await openWatchPage({ video: makeVideo({ owner: makeOwner({ avatar: '/media/a.webp' }) }) });
    const links = screen.getAllByRole('link', { hidden: true });
    expect(links.some((l) => l.getAttribute('href') === `/channel/${ownerId}`)).toBe(true);
  });
});
