import type { Video } from '@kinora/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderRoute } from '../../../app/testing';
import { networkFailure, withContractServer } from '../../../testing/contract-server';
import { makeFile, makeUser } from '../../../testing/fixtures';
import { signUploadsTo, withMediaHost } from '../../../testing/media-host';
import { makeVideo, makeVideoPage } from '../../../testing/video-fixtures';
import { localDateTimeValue } from '../../../components/VideoVisibility';

const server = withContractServer();
const host = withMediaHost();
const me = makeUser({ username: 'ada' });

// The route loads the page lazily: load it once up front, and allow for a busy machine.
beforeAll(async () => {
  await import('./MyVideosPage');
  configure({ asyncUtilTimeout: 4000 });
});
afterAll(() => configure({ asyncUtilTimeout: 1000 }));

const page = (videos: Video[]) => ({ data: makeVideoPage(videos) });

function serve(videos: Video[]) {
  server().on('currentUser', () => ({ data: me }));
  server().on('listVideos', () => page(videos));
}

async function openMyVideos() {
  const view = renderRoute('/my-videos');
  await screen.findByRole('heading', { level: 1, name: 'My Videos' });
  return view;
}

const rows = async () =>
  within(await screen.findByRole('list', { name: 'Your videos' })).getAllByRole('listitem');
const notifications = () => screen.getByRole('status', { name: 'Notifications' });

describe('my videos', { timeout: 15_000 }, () => {
  it("asks visitors to log in: 'Please log in' linking to /login, and loads nothing", async () => {
    renderRoute('/my-videos');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Please log in' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In Now' })).toHaveAttribute('href', '/login');
    expect(server().requestsTo('listVideos')).toHaveLength(0);
  });

  it("shows 'No videos available' with the link to /upload when there are none", async () => {
    serve([]);
    await openMyVideos();
    expect(await screen.findByText('No videos available')).toBeInTheDocument();
    for (const link of screen.getAllByRole('link', { name: 'Upload Video' })) {
      expect(link).toHaveAttribute('href', '/upload');
    }
  });

  it('lists every own video with limit 50: its level as a badge, processing ones with progress', async () => {
    serve([
      makeVideo({ _id: 'v1', title: 'Live one', isPublished: true, status: 'ready' }),
      makeVideo({ _id: 'v2', title: 'Hidden one', isPublished: false, status: 'ready' }),
      makeVideo({
        _id: 'v3',
        title: 'Fresh one',
        isPublished: false,
        status: 'processing',
        processingProgress: 0.42,
      }),
    ]);
    await openMyVideos();
    const [live, hidden, fresh] = await rows();
    expect(server().requestsTo('listVideos')[0]?.query).toEqual({ userId: me._id, limit: '50' });
    expect(
      within(live!).getByRole('button', { name: 'Visibility of Live one: Public' }),
    ).toHaveTextContent('Public');
    expect(
      within(hidden!).getByRole('button', { name: 'Visibility of Hidden one: Private' }),
    ).toHaveTextContent('Private');
    expect(within(fresh!).getByText('Processing… 42%')).toBeInTheDocument();
    expect(within(live!).queryByText(/Processing/)).not.toBeInTheDocument();
  });

  it("shows each rendition's progress while the ladder is made: '360p ready · 720p 40%'", async () => {
    serve([
      makeVideo({
        _id: 'v1',
        title: 'Phone clip',
        status: 'processing',
        processingProgress: 0.35,
        renditions: [
          { name: '360p', progress: 1, ready: true, secondsLeft: null },
          { name: '720p', progress: 0.4, ready: false, secondsLeft: 30 },
          { name: '1080p', progress: 0.4, ready: false, secondsLeft: 30 },
        ],
      }),
    ]);
    await openMyVideos();
    const [clip] = await rows();
    expect(within(clip!).getByText('Processing… 35%')).toBeInTheDocument();
    expect(within(clip!).getByText('360p ready · 720p 40% · 1080p 40%')).toBeInTheDocument();
  });

  it('reads the list again while a video is processing, until it is done', async () => {
    server().on('currentUser', () => ({ data: me }));
    let calls = 0;
    server().on('listVideos', () => {
      calls += 1;
      const done = calls > 1;
      return page([
        makeVideo({
          _id: 'v1',
          title: 'Fresh one',
          status: done ? 'ready' : 'processing',
          processingProgress: done ? null : 0.1,
        }),
      ]);
    });
    await openMyVideos();
    expect(await screen.findByText('Processing… 10%')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/Processing…/)).not.toBeInTheDocument(), {
      timeout: 8000,
    });
    // Once nothing is processing the polling stops.
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(server().requestsTo('listVideos')).toHaveLength(2);
  });

  it('changes a video’s level in the Visibility dialog, and shows it as the badge', async () => {
    const video = makeVideo({ _id: 'v1', title: 'Live one', isPublished: true });
    serve([video]);
    server().on('setVideoVisibility', ({ body }) => {
      const { visibility } = body as { visibility: 'public' | 'unlisted' | 'private' };
      return { data: { ...video, visibility, isPublished: visibility === 'public' } };
    });
    const { user } = await openMyVideos();
    await user.click(await screen.findByRole('button', { name: 'Visibility of Live one: Public' }));
    let dialog = screen.getByRole('dialog', { name: 'Visibility' });
    const select = within(dialog).getByLabelText('Visibility');
    expect(select).toHaveValue('public');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Public', 'Unlisted', 'Private', 'Schedule']);
    await user.selectOptions(select, 'Private');
    expect(within(dialog).getByText('Only you can watch it.')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByRole('button', { name: 'Visibility of Live one: Private' }),
    ).toHaveTextContent('Private');
    expect(await within(notifications()).findByText('Visibility saved')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Visibility of Live one: Private' }));
    dialog = screen.getByRole('dialog', { name: 'Visibility' });
    await user.selectOptions(within(dialog).getByLabelText('Visibility'), 'Unlisted');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByRole('button', { name: 'Visibility of Live one: Unlisted' });
    expect(
      server()
        .requestsTo('setVideoVisibility')
        .map((r) => [r.params, r.body]),
    ).toEqual([
      [{ id: 'v1' }, { visibility: 'private' }],
      [{ id: 'v1' }, { visibility: 'unlisted' }],
    ]);
  });

  it('schedules a video at a date and time, refusing a past one before sending', async () => {
    const video = makeVideo({ _id: 'v1', title: 'Soon', isPublished: false });
    serve([video]);
    const at = new Date(Date.now() + 2 * 86_400_000);
    at.setSeconds(0, 0);
    server().on('setVideoVisibility', ({ body }) => ({
      data: { ...video, publishAt: (body as { publishAt: string }).publishAt },
    }));
    const { user } = await openMyVideos();
    await user.click(await screen.findByRole('button', { name: 'Visibility of Soon: Private' }));
    const dialog = screen.getByRole('dialog', { name: 'Visibility' });
    await user.selectOptions(within(dialog).getByLabelText('Visibility'), 'Schedule');
    const when = within(dialog).getByLabelText('Publish on');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Choose the date and time to publish on')).toBeVisible();
    await user.type(when, localDateTimeValue(new Date(Date.now() - 86_400_000)));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Choose a date and time in the future')).toBeVisible();
    expect(when).toHaveAttribute('aria-invalid', 'true');
    expect(server().requestsTo('setVideoVisibility')).toHaveLength(0);
    await user.clear(when);
    await user.type(when, localDateTimeValue(at));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const badge = await screen.findByRole('button', { name: 'Visibility of Soon: Scheduled' });
    expect(badge).toHaveTextContent(/^Scheduled · /);
    expect(server().requestsTo('setVideoVisibility')[0]?.body).toEqual({
      visibility: 'private',
      publishAt: at.toISOString(),
    });
  });

  it('shows the server’s refusal in the dialog and keeps the level', async () => {
    const video = makeVideo({ _id: 'v1', title: 'Live one' });
    serve([video]);
    server().on('setVideoVisibility', () => ({
      status: 400,
      error: { code: 'VALIDATION_FAILED', message: 'The scheduled date is in the past' },
    }));
    const { user } = await openMyVideos();
    await user.click(await screen.findByRole('button', { name: 'Visibility of Live one: Public' }));
    const dialog = screen.getByRole('dialog', { name: 'Visibility' });
    await user.selectOptions(within(dialog).getByLabelText('Visibility'), 'Unlisted');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The scheduled date is in the past')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Visibility of Live one: Public' })).toBeVisible();
  });

  it("deletes only after the 'Delete Video' confirmation, then says 'Video deleted successfully'", async () => {
    serve([
      makeVideo({ _id: 'v1', title: 'Keep me' }),
      makeVideo({ _id: 'v2', title: 'Remove me' }),
    ]);
    server().on('deleteVideo', () => ({ data: {} }));
    const { user } = await openMyVideos();
    await rows();

    await user.click(screen.getByRole('button', { name: 'Delete Remove me' }));
    let dialog = screen.getByRole('dialog', { name: 'Delete Video' });
    expect(
      within(dialog).getByText(
        'Are you sure you want to delete this video? This action cannot be undone.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server().requestsTo('deleteVideo')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Remove me' }));
    dialog = screen.getByRole('dialog', { name: 'Delete Video' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(notifications()).findByText('Video deleted successfully')).toBeVisible();
    expect(server().requestsTo('deleteVideo')[0]?.params).toEqual({ id: 'v2' });
    expect(screen.queryByText('Remove me')).not.toBeInTheDocument();
    expect(screen.getByText('Keep me')).toBeInTheDocument();
  });

  it("shows the server's message when a delete fails, keeping the video", async () => {
    serve([makeVideo({ _id: 'v1', title: 'Stubborn' })]);
    server().on('deleteVideo', () => ({
      status: 403,
      error: { code: 'FORBIDDEN', message: 'You can only delete your own videos' },
    }));
    const { user } = await openMyVideos();
    await user.click(await screen.findByRole('button', { name: 'Delete Stubborn' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete Video' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(
      await within(notifications()).findByText('You can only delete your own videos'),
    ).toBeVisible();
    expect(screen.getByText('Stubborn')).toBeInTheDocument();
  });

  it("says 'Failed to delete video' when the delete gets no answer (network down)", async () => {
    serve([makeVideo({ _id: 'v1', title: 'Stubborn' })]);
    server().on('deleteVideo', () => networkFailure);
    const { user } = await openMyVideos();
    await user.click(await screen.findByRole('button', { name: 'Delete Stubborn' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete Video' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await within(notifications()).findByText('Failed to delete video')).toBeVisible();
    expect(screen.getByText('Stubborn')).toBeInTheDocument();
  });

  it('edits title and description with PATCH /videos/{id}, trimmed', async () => {
    const video = makeVideo({ _id: 'v1', title: 'Old title', description: 'Old words' });
    serve([video]);
    server().on('updateVideo', (request) => ({
      data: { ...video, ...(request.body as Partial<Video>) },
    }));
    const { user } = await openMyVideos();
    await user.click(await screen.findByRole('button', { name: 'Edit Old title' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Video' });
    const title = within(dialog).getByLabelText('Title');
    await user.clear(title);
    expect(within(dialog).getByText('Title is required')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save Changes' })).toBeDisabled();
    await user.type(title, '  New title  ');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('New title')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server().requestsTo('updateVideo')[0]?.body).toEqual({
      title: 'New title',
      description: 'Old words',
    });
  });

  it('hosts a new thumbnail through the signed upload and sends its public id', async () => {
    const video = makeVideo({ _id: 'v1', title: 'Pictured' });
    serve([video]);
    signUploadsTo(server(), host());
    server().on('updateVideo', () => ({ data: video }));
    const { user } = await openMyVideos();
    await user.click(await screen.findByRole('button', { name: 'Edit Pictured' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Video' });
    expect(within(dialog).getByLabelText('New thumbnail')).toHaveAttribute('accept', 'image/*');
    await user.upload(
      within(dialog).getByLabelText('New thumbnail'),
      makeFile('cover.png', 'image/png', 512),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(server().requestsTo('updateVideo')).toHaveLength(1));
    expect(host().parts.map((p) => [p.resourceType, p.fields.folder, p.fileName])).toEqual([
      ['image', 'thumbnails', 'cover.png'],
    ]);
    expect(server().requestsTo('updateVideo')[0]?.body).toMatchObject({
      thumbnailPublicId: expect.stringMatching(/^thumbnails\//),
    });
  });
});
