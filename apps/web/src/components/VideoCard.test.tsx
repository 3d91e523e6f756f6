import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../app/testing';
import { makeOwner, makeVideo, ownerId, videoId } from '../testing/video-fixtures';
import { durationSecondsOf, VideoCard, VideoCardSkeleton, type VideoSummary } from './VideoCard';
import { WatchedBar, watchedProgress } from './WatchedBar';

function renderCard(video: VideoSummary) {
  return renderWithProviders(
    <MemoryRouter>
      <VideoCard video={video} />
    </MemoryRouter>,
  );
}

const notifications = () => screen.getByRole('status', { name: 'Notifications' });

describe('video card', () => {
  it('shows the thumbnail, duration, channel, title and counts, linking video and channel', () => {
    renderCard(
      makeVideo({
        duration: 754,
        views: 1534,
        likes: 1,
        comments: 12,
        createdAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
        owner: makeOwner({ avatar: '/media/avatars/grace.webp' }),
      }),
    );
    const card = screen.getByRole('article');
    expect(within(card).getByRole('link', { name: 'Compilers, explained' })).toHaveAttribute(
      'href',
      `/video/${videoId}`,
    );
    expect(within(card).getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute(
      'href',
      `/channel/${ownerId}`,
    );
    expect(card).toHaveTextContent('Duration 12:34');
    expect(card).toHaveTextContent('1.5K views');
    expect(card).toHaveTextContent('1 like');
    expect(card).toHaveTextContent('12 comments');
    expect(card).toHaveTextContent('3 days ago');
    expect(card.querySelector('img[src="/media/thumbnails/v1.webp"]')).not.toBeNull();
    expect(card.querySelector('img[src="/media/avatars/grace.webp"]')).not.toBeNull();
    expect(within(card).queryByText('LIVE')).not.toBeInTheDocument();
    expect(within(card).queryByText('Processing')).not.toBeInTheDocument();
  });

  it("falls back to 'Untitled Video', 'Unknown Channel' and 'Unknown time'", () => {
    renderCard({ _id: 'v9', title: '  ', owner: 'a-bare-owner-id', createdAt: 'not a date' });
    const card = screen.getByRole('article');
    expect(within(card).getByRole('link', { name: 'Untitled Video' })).toHaveAttribute(
      'href',
      '/video/v9',
    );
    expect(card).toHaveTextContent('Unknown Channel');
    expect(card).toHaveTextContent('Unknown time');
    expect(card).toHaveTextContent('Duration 0:00');
    expect(card).toHaveTextContent('0 views');
    expect(within(card).queryByRole('link', { name: 'Unknown Channel' })).not.toBeInTheDocument();
  });

  it("says 'Unknown Channel' when there is no owner at all, and reads an uploader", () => {
    const { unmount } = renderCard({ _id: 'v1' });
    expect(screen.getByRole('article')).toHaveTextContent('Unknown Channel');
    unmount();
    renderCard({ _id: 'v2', uploader: { _id: 'u2', username: 'linus' }, videoDuration: '3:07' });
    expect(screen.getByRole('link', { name: 'linus' })).toHaveAttribute('href', '/channel/u2');
    expect(screen.getByRole('article')).toHaveTextContent('Duration 3:07');
  });

  it('keeps a 16:9 box and shows a placeholder when the thumbnail is missing or fails', () => {
    renderCard(makeVideo());
    const image = screen.getByRole('article').querySelector('img[src$="v1.webp"]');
    expect(image?.parentElement).toHaveClass('aspect-video');
    fireEvent.error(image as HTMLImageElement);
    expect(screen.getByRole('article').querySelector('img[src$="v1.webp"]')).toBeNull();
  });

  it('shows LIVE and Processing badges', () => {
    renderCard(makeVideo({ isLive: true, status: 'processing' }));
    const card = screen.getByRole('article');
    expect(within(card).getByText('LIVE')).toBeInTheDocument();
    expect(within(card).getByText('Processing')).toBeInTheDocument();
  });

  it('copies the share link and confirms for 2 s', async () => {
    // user-event puts a clipboard stub in place; read back what was written.
    const { user } = renderCard(makeVideo());
    await user.click(screen.getByRole('button', { name: 'Share Compilers, explained' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(
      `${window.location.origin}/#/video/${videoId}`,
    );
    expect(
      await within(notifications()).findByText('Video URL copied to clipboard!'),
    ).toBeVisible();
    // The share toast hides after 2 s (other notifications stay 3 s).
    await waitFor(
      () => expect(screen.queryByText('Video URL copied to clipboard!')).not.toBeInTheDocument(),
      { timeout: 2600 },
    );
  });

  it('says so when copying fails', async () => {
    const { user } = renderCard(makeVideo());
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    document.execCommand = vi.fn(() => false);
    await user.click(screen.getByRole('button', { name: 'Share Compilers, explained' }));
    expect(await within(notifications()).findByText('Failed to copy video link')).toBeVisible();
  });

  it('has a skeleton for lists that are loading', () => {
    const { container } = renderWithProviders(<VideoCardSkeleton />);
    expect(container.querySelector('.aspect-video')).not.toBeNull();
  });
});

describe('the part watched', () => {
  it('reads the length in seconds from any duration field, as seconds or m:ss', () => {
    expect(durationSecondsOf({ _id: 'v', duration: 754 })).toBe(754);
    expect(durationSecondsOf({ _id: 'v', videoDuration: '12:34' })).toBe(754);
    expect(durationSecondsOf({ _id: 'v', length: '1:02:03' })).toBe(3723);
    expect(durationSecondsOf({ _id: 'v', time: 'soon' })).toBe(0);
    expect(durationSecondsOf({ _id: 'v' })).toBe(0);
  });

  it('draws the bar for a started video only, at most full', () => {
    const { container, rerender } = renderWithProviders(
      <div className="relative">
        <WatchedBar progress={watchedProgress(300, 600)} />
      </div>,
    );
    expect(screen.getByRole('img', { name: 'Watched 50%' })).toBeInTheDocument();
    rerender(<WatchedBar progress={watchedProgress(900, 600)} />);
    expect(screen.getByRole('img', { name: 'Watched 100%' })).toBeInTheDocument();
    rerender(<WatchedBar progress={watchedProgress(0, 600)} />);
    expect(container.querySelector('[data-testid="watched-bar"]')).toBeNull();
    rerender(<WatchedBar progress={watchedProgress(30, 0)} />);
    expect(container.querySelector('[data-testid="watched-bar"]')).toBeNull();
  });
});
