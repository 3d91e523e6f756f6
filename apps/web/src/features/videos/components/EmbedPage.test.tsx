import { configure, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderRoute } from '../../../app/testing';
import { withContractServer } from '../../../testing/contract-server';
import { setMediaDuration } from '../../../testing/media-element';
import { makeVideo } from '../../../testing/video-fixtures';

const server = withContractServer();

beforeAll(async () => {
  await import('./EmbedPage');
  configure({ asyncUtilTimeout: 4000 });
});
afterAll(() => configure({ asyncUtilTimeout: 1000 }));

describe('/embed/{id}: the player alone, for other sites', () => {
  it('plays a published video with its title linking to the video on Kinora, from ?t=', async () => {
    const video = makeVideo({ title: 'Compilers, explained', duration: 300 });
    server().on('getVideo', () => ({ data: video }));
    const view = renderRoute(`/embed/${video._id}?t=1:30`);
    const title = await screen.findByRole('link', { name: 'Compilers, explained' });
    expect(title).toHaveAttribute('href', `/video/${video._id}`);
    expect(title).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('region', { name: 'Video player' })).toBeInTheDocument();
    // No top bar or sidebar of the site around it.
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
    const media = view.container.querySelector('video')!;
    setMediaDuration(media, 300);
    await waitFor(() => expect(media.currentTime).toBe(90));
  });

  it('plays an unlisted video: its link is enough (decision 0039)', async () => {
    const unlisted = makeVideo({ title: 'By link only', visibility: 'unlisted' });
    server().on('getVideo', () => ({ data: unlisted }));
    renderRoute(`/embed/${unlisted._id}`);
    expect(await screen.findByRole('link', { name: 'By link only' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Video player' })).toBeInTheDocument();
  });

  it('does not play a private video (a draft), even for whoever may see it', async () => {
    const draft = makeVideo({ title: 'Not yet', isPublished: false });
    server().on('getVideo', () => ({ data: draft }));
    renderRoute(`/embed/${draft._id}`);
    expect(await screen.findByText('This video cannot be played here')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Video player' })).toBeNull();
  });
});
