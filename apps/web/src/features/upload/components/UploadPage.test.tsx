import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderRoute } from '../../../app/testing';
import { withContractServer } from '../../../testing/contract-server';
import { makeFile, makeUser } from '../../../testing/fixtures';
import { signUploadsTo, withMediaHost } from '../../../testing/media-host';
import { makeVideo } from '../../../testing/video-fixtures';
import { localDateTimeValue } from '../../../components/VideoVisibility';

const server = withContractServer();
const host = withMediaHost();

// The route loads the page lazily: load it once up front so no test pays for that, and allow
// for a busy machine (several suites at once) when waiting for screens.
beforeAll(async () => {
  await import('./UploadPage');
  configure({ asyncUtilTimeout: 4000 });
});
afterAll(() => configure({ asyncUtilTimeout: 1000 }));

async function renderUploadPage() {
  server().on('currentUser', () => ({ data: makeUser() }));
  signUploadsTo(server(), host());
  // applyAccept off: some tests choose the wrong kind of file on purpose.
  const view = renderRoute('/upload', { userEventOptions: { applyAccept: false } });
  await screen.findByRole('heading', { level: 1, name: 'Upload Video' });
  return view;
}

async function fillForm(user: ReturnType<typeof renderRoute>['user']) {
  await user.type(screen.getByLabelText('Title'), '  My first video  ');
  await user.type(screen.getByLabelText('Description'), 'Filmed on a sunny day.');
  await user.upload(screen.getByLabelText('Video File'), makeFile('clip.mp4', 'video/mp4', 4096));
  await user.upload(screen.getByLabelText('Thumbnail'), makeFile('cover.png', 'image/png', 512));
}

const notifications = () => screen.getByRole('status', { name: 'Notifications' });

// Whole-page tests: generous limits for machines running several suites at once.
describe('upload page', { timeout: 15_000 }, () => {
  it('asks visitors to log in', async () => {
    renderRoute('/upload');
    expect(await screen.findByRole('heading', { name: 'Login Required' })).toBeInTheDocument();
    expect(
      screen.getByText('Please login to upload videos and share your content.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
  });

  it('offers Title, Description, Video File (video/*) and Thumbnail (image/*)', async () => {
    await renderUploadPage();
    expect(screen.getByLabelText('Title')).toHaveAttribute('name', 'title');
    expect(screen.getByLabelText('Description').tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText('Video File')).toHaveAttribute('accept', 'video/*');
    expect(screen.getByLabelText('Thumbnail')).toHaveAttribute('accept', 'image/*');
    expect(screen.getByRole('button', { name: 'Upload Video' })).toBeEnabled();
  });

  it('shows every missing field at once and sends nothing', async () => {
    const { user } = await renderUploadPage();
    await user.type(screen.getByLabelText('Title'), '   ');
    await user.click(screen.getByRole('button', { name: 'Upload Video' }));

    for (const message of [
      'Title is required',
      'Description is required',
      'Video file is required',
      'Thumbnail is required',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Title')).toHaveFocus();
    expect(screen.getByLabelText('Video File')).toHaveAttribute('aria-invalid', 'true');
    // The sidebar's and the bell's unread counts are the layout's, not the form's.
    const layouts = ['currentUser', 'listConversations', 'unreadNotifications'];
    expect(server().requests.filter((r) => !layouts.includes(r.name))).toHaveLength(0);
    expect(host().parts).toHaveLength(0);
  });

  it('refuses a file of the wrong kind', async () => {
    const { user } = await renderUploadPage();
    await user.upload(screen.getByLabelText('Video File'), makeFile('notes.txt', 'text/plain'));
    await user.upload(screen.getByLabelText('Thumbnail'), makeFile('clip.mp4', 'video/mp4'));
    expect(screen.getByText('Please select a valid video file')).toBeInTheDocument();
    expect(screen.getByText('Please select a valid image file')).toBeInTheDocument();
  });

  it('uploads both files with progress, creates the video and goes home', async () => {
    const created = makeVideo({ title: 'My first video' });
    server().on('createVideo', () => ({ status: 201, data: created }));
    const { user, router } = await renderUploadPage();
    await fillForm(user);

    const release = host().hold();
    await user.click(screen.getByRole('button', { name: 'Upload Video' }));

    // Busy: the button says so and the bars show how far each file has got.
    expect(await screen.findByRole('button', { name: 'Uploading...' })).toBeDisabled();
    const videoBar = screen.getByRole('progressbar', { name: 'Video upload progress' });
    const thumbnailBar = screen.getByRole('progressbar', { name: 'Thumbnail upload progress' });
    expect(videoBar).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByLabelText('Title')).toBeDisabled();

    release();
    expect(await within(notifications()).findByText('Video uploaded successfully!')).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));

    expect(host().parts.map((p) => [p.resourceType, p.fields.folder, p.fileName])).toEqual(
      expect.arrayContaining([
        ['video', 'videos', 'clip.mp4'],
        ['image', 'thumbnails', 'cover.png'],
      ]),
    );
    const [request] = server().requestsTo('createVideo');
    expect(request?.body).toMatchObject({
      title: 'My first video',
      description: 'Filmed on a sunny day.',
      videoPublicId: expect.stringMatching(/^videos\//),
      thumbnailPublicId: expect.stringMatching(/^thumbnails\//),
    });
    expect(thumbnailBar).toBeDefined();
  });

  it('offers Public (the default), Unlisted, Private and Schedule, and sends the level chosen', async () => {
    server().on('createVideo', () => ({
      status: 201,
      data: makeVideo({ visibility: 'unlisted' }),
    }));
    const { user } = await renderUploadPage();
    const level = screen.getByLabelText('Visibility');
    expect(level).toHaveValue('public');
    expect(screen.getByText('Everyone can find and watch it.')).toBeVisible();
    await fillForm(user);
    await user.selectOptions(level, 'Unlisted');
    expect(
      screen.getByText(
        'Anyone with the link can watch it. It is not listed, searched or sent to followers.',
      ),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Upload Video' }));
    expect(await within(notifications()).findByText('Video uploaded successfully!')).toBeVisible();
    expect(server().requestsTo('createVideo')[0]?.body).toMatchObject({ visibility: 'unlisted' });
  });

  it('schedules the new video: a date is needed and must lie ahead, and nothing is sent until it does', async () => {
    server().on('createVideo', () => ({ status: 201, data: makeVideo({ isPublished: false }) }));
    const { user } = await renderUploadPage();
    await fillForm(user);
    await user.selectOptions(screen.getByLabelText('Visibility'), 'Schedule');
    const when = screen.getByLabelText('Publish on');
    await user.click(screen.getByRole('button', { name: 'Upload Video' }));
    expect(screen.getByText('Choose the date and time to publish on')).toBeVisible();
    expect(when).toHaveFocus();
    await user.type(when, localDateTimeValue(new Date(Date.now() - 3_600_000)));
    await user.click(screen.getByRole('button', { name: 'Upload Video' }));
    expect(screen.getByText('Choose a date and time in the future')).toBeVisible();
    expect(host().parts).toHaveLength(0);
    const at = new Date(Date.now() + 86_400_000);
    at.setSeconds(0, 0);
    await user.clear(when);
    await user.type(when, localDateTimeValue(at));
    await user.click(screen.getByRole('button', { name: 'Upload Video' }));
    expect(await within(notifications()).findByText('Video uploaded successfully!')).toBeVisible();
    expect(server().requestsTo('createVideo')[0]?.body).toMatchObject({
      visibility: 'private',
      publishAt: at.toISOString(),
    });
  });

  it('shows the bars reaching 100 % before the video is saved', async () => {
    let resolveCreate!: () => void;
    const createHeld = new Promise<void>((r) => {
      resolveCreate = r;
    });
    server().on('createVideo', async () => {
      await createHeld;
      return { status: 201, data: makeVideo() };
    });
    const { user } = await renderUploadPage();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Upload Video' }));

    expect(await screen.findByText('Files uploaded. Saving your video…')).toBeInTheDocument();
    for (const name of ['Video upload progress', 'Thumbnail upload progress']) {
      expect(screen.getByRole('progressbar', { name })).toHaveAttribute('aria-valuenow', '100');
    }
    expect(screen.getAllByText('100%')).toHaveLength(2);
    resolveCreate();
  });

  it("says 'Failed to upload video. Please try again.' with the reason, and allows a retry", async () => {
    const { user } = await renderUploadPage();
    server().on('signUpload', () => ({
      status: 500,
      error: { code: 'INTERNAL', message: 'Something went wrong' },
    }));
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Upload Video' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to upload video. Please try again.');
    expect(alert).toHaveTextContent('Failed to get signature from backend');
    expect(screen.getByRole('button', { name: 'Upload Video' })).toBeEnabled();
    expect(server().requestsTo('createVideo')).toHaveLength(0);

    signUploadsTo(server(), host());
    server().on('createVideo', () => ({ status: 201, data: makeVideo() }));
    await user.click(screen.getByRole('button', { name: 'Upload Video' }));
    expect(await within(notifications()).findByText('Video uploaded successfully!')).toBeVisible();
  });

  it("says 'Cloudinary upload failed' when the host answers no url", async () => {
    const { user } = await renderUploadPage();
    host().assetOverrides = { url: '' };
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Upload Video' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Cloudinary upload failed');
    expect(server().requestsTo('createVideo')).toHaveLength(0);
  });

  it('shows the server’s reason when creating the video is refused', async () => {
    server().on('createVideo', () => ({
      status: 400,
      error: { code: 'VALIDATION_FAILED', message: 'The video file was not found' },
    }));
    const { user, router } = await renderUploadPage();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Upload Video' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to upload video. Please try again.');
    expect(alert).toHaveTextContent('The video file was not found');
    expect(router.state.location.pathname).toBe('/upload');
  });
});
