import type { Video } from '@kinora/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderRoute } from '../../../app/testing';
import { deferred, withContractServer } from '../../../testing/contract-server';
import { makeMyStats, makeUser } from '../../../testing/fixtures';
import { makeVideo, makeVideoPage } from '../../../testing/video-fixtures';

const server = withContractServer();
const me = makeUser({ username: 'ada' });

beforeAll(async () => {
  await import('../../profile/components/ProfileLayout');
  await import('./ProfileVideosTab');
  configure({ asyncUtilTimeout: 4000 });
});
afterAll(() => configure({ asyncUtilTimeout: 1000 }));

const page = (videos: Video[]) => ({ data: makeVideoPage(videos) });

function serve(videos: () => Video[]) {
  server().on('currentUser', () => ({ data: me }));
  server().on('myStats', () => ({ data: makeMyStats(me, { videosCount: videos().length }) }));
  server().on('listVideos', () => page(videos()));
}

async function openTab() {
  const view = renderRoute('/profile/videos');
  await screen.findByRole('heading', { level: 2, name: 'My Videos' });
  return view;
}

const cards = async () =>
  within(await screen.findByRole('list', { name: 'Your videos' })).getAllByRole('listitem');
const notifications = () => screen.getByRole('status', { name: 'Notifications' });
const videosTab = () =>
  within(screen.getByRole('navigation', { name: 'Profile sections' })).getByRole('link', {
    name: /^Videos/,
  });

describe('profile videos tab', { timeout: 15_000 }, () => {
  it('shows card skeletons while the videos load', async () => {
    const answer = deferred<void>();
    server().on('currentUser', () => ({ data: me }));
    server().on('myStats', () => ({ data: makeMyStats(me, { videosCount: 1 }) }));
    server().on('listVideos', async () => {
      await answer.promise;
      return page([makeVideo({ _id: 'v1', title: 'Arrived' })]);
    });
    await openTab();
    expect(screen.getByRole('status', { name: 'Loading your videos' })).toBeInTheDocument();
    answer.resolve();
    expect(await screen.findByRole('link', { name: 'Arrived' })).toBeVisible();
    expect(screen.queryByRole('status', { name: 'Loading your videos' })).not.toBeInTheDocument();
  });

  it("says 'Failed to load videos' and Try Again reads them again", async () => {
    let fail = true;
    server().on('currentUser', () => ({ data: me }));
    server().on('myStats', () => ({ data: makeMyStats(me, { videosCount: 1 }) }));
    server().on('listVideos', () =>
      fail
        ? { status: 500, error: { code: 'INTERNAL', message: 'Something went wrong' } }
        : page([makeVideo({ _id: 'v1', title: 'Back again' })]),
    );
    const { user } = await openTab();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load videos');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('link', { name: 'Back again' })).toBeVisible();
  });

  it("shows 'No videos available' and Upload Video links to /upload", async () => {
    serve(() => []);
    await openTab();
    expect(await screen.findByRole('heading', { name: 'No videos available' })).toBeVisible();
    const uploads = screen.getAllByRole('link', { name: 'Upload Video' });
    expect(uploads.length).toBeGreaterThanOrEqual(1);
    for (const link of uploads) expect(link).toHaveAttribute('href', '/upload');
  });

  it('shows every own video as a card (limit 50): drafts, processing progress, links', async () => {
    serve(() => [
      makeVideo({ _id: 'v1', title: 'Live one', isPublished: true, status: 'ready' }),
      makeVideo({ _id: 'v2', title: 'Hidden one', isPublished: false }),
      makeVideo({
        _id: 'v3',
        title: 'Fresh one',
        isPublished: false,
        status: 'processing',
        processingProgress: 0.42,
      }),
    ]);
    await openTab();
    const [live, hidden, fresh] = await cards();
    expect(server().requestsTo('listVideos')[0]?.query).toEqual({ userId: me._id, limit: '50' });
    expect(within(live!).getByRole('link', { name: 'Live one' })).toHaveAttribute(
      'href',
      '/video/v1',
    );
    expect(
      within(live!).getByRole('button', { name: 'Visibility of Live one: Public' }),
    ).toHaveTextContent('Public');
    expect(
      within(hidden!).getByRole('button', { name: 'Visibility of Hidden one: Private' }),
    ).toHaveTextContent('Private');
    expect(within(fresh!).getByText('Processing… 42%')).toBeInTheDocument();
    expect(within(live!).getByRole('button', { name: 'Delete Live one' })).toBeInTheDocument();
    expect(within(live!).getByRole('button', { name: 'Edit Live one' })).toBeInTheDocument();
    const tab = screen.getByRole('region', { name: 'My Videos' });
    expect(within(tab).getByRole('link', { name: 'Upload Video' })).toHaveAttribute(
      'href',
      '/upload',
    );
  });

  it("deletes after the 'Delete Video' confirmation; the card goes and the tab count follows", async () => {
    let videos = [
      makeVideo({ _id: 'v1', title: 'Keep me' }),
      makeVideo({ _id: 'v2', title: 'Remove me' }),
    ];
    serve(() => videos);
    server().on('deleteVideo', (request) => {
      videos = videos.filter((v) => v._id !== request.params.id);
      return { data: {} };
    });
    const { user } = await openTab();
    await cards();
    await waitFor(() => expect(videosTab()).toHaveTextContent('Videos2'));

    await user.click(screen.getByRole('button', { name: 'Delete Remove me' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Video' });
    expect(
      within(dialog).getByText(
        'Are you sure you want to delete this video? This action cannot be undone.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server().requestsTo('deleteVideo')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Remove me' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete Video' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await within(notifications()).findByText('Video deleted successfully')).toBeVisible();
    expect(server().requestsTo('deleteVideo')[0]?.params).toEqual({ id: 'v2' });
    expect(screen.queryByRole('link', { name: 'Remove me' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Keep me' })).toBeInTheDocument();
    await waitFor(() => expect(videosTab()).toHaveTextContent('Videos1'));
  });

  it("says the server's reason when a delete fails, and keeps the card", async () => {
    serve(() => [makeVideo({ _id: 'v1', title: 'Stubborn' })]);
    server().on('deleteVideo', () => ({
      status: 403,
      error: { code: 'FORBIDDEN', message: 'You can only delete your own videos' },
    }));
    const { user } = await openTab();
    await user.click(await screen.findByRole('button', { name: 'Delete Stubborn' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete Video' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(
      await within(notifications()).findByText('You can only delete your own videos'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Stubborn' })).toBeInTheDocument();
  });

  it('makes a video unlisted from its Visibility badge', async () => {
    const video = makeVideo({ _id: 'v1', title: 'Live one', isPublished: true });
    serve(() => [video]);
    server().on('setVideoVisibility', () => ({
      data: { ...video, isPublished: false, visibility: 'unlisted' },
    }));
    const { user } = await openTab();
    await user.click(await screen.findByRole('button', { name: 'Visibility of Live one: Public' }));
    const dialog = screen.getByRole('dialog', { name: 'Visibility' });
    await user.selectOptions(within(dialog).getByLabelText('Visibility'), 'Unlisted');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByRole('button', { name: 'Visibility of Live one: Unlisted' }),
    ).toBeVisible();
    expect(server().requestsTo('setVideoVisibility')[0]).toMatchObject({
      params: { id: 'v1' },
      body: { visibility: 'unlisted' },
    });
  });
});
