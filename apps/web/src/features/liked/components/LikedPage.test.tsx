import type { LikedVideo } from '@kinora/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../app/testing';
import { networkFailure, withContractServer } from '../../../testing/contract-server';
import { makeUser } from '../../../testing/fixtures';
import { makeOwner, makeVideo } from '../../../testing/video-fixtures';

const server = withContractServer();
const me = makeUser();
const notifications = () => screen.getByRole('status', { name: 'Notifications' });

let sequence = 0;
function liked(title: string, daysAgo: number, overrides: Partial<LikedVideo> = {}): LikedVideo {
  sequence += 1;
  return {
    ...makeVideo({ title }),
    _id: `11000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    likedAt: new Date(Date.now() - daysAgo * 86_400_000).toISOString(),
    cursor: `c-${title}`,
    ...overrides,
  };
}

/** Not in likedAt order on purpose: the sorts use likedAt. */
const threeLiked = () => [
  liked('Bravo', 1),
  liked('Alpha', 5, { owner: makeOwner({ username: 'zed' }) }),
  liked('Charlie', 3),
];

function serveLiked(videos: LikedVideo[]) {
  server().on('currentUser', () => ({ data: me }));
  server().on('likedVideos', () => ({ data: videos }));
}

async function openLiked() {
  const view = renderRoute('/liked');
  await screen.findByRole('heading', { level: 1, name: 'Liked Videos' }, { timeout: 3000 });
  return view;
}

const titles = async () =>
  within(await screen.findByRole('list', { name: 'Liked videos' }))
    .getAllByRole('heading')
    .map((h) => h.textContent);

describe('liked videos page', () => {
  it("asks visitors to sign in: 'Your Favorites Await'", async () => {
    renderRoute('/liked');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Your Favorites Await' },
        { timeout: 3000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In Now' })).toHaveAttribute('href', '/login');
  });

  it("loads the user's own list and sorts: Recently liked, Oldest first, A-Z", async () => {
    serveLiked(threeLiked());
    const { user } = await openLiked();
    expect(await titles()).toEqual(['Bravo', 'Charlie', 'Alpha']);
    expect(server().requestsTo('likedVideos')[0]).toMatchObject({
      params: { userId: me._id },
      query: { limit: '50' },
    });
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    await user.selectOptions(sort, 'Oldest first');
    expect(await titles()).toEqual(['Alpha', 'Charlie', 'Bravo']);
    await user.selectOptions(sort, 'A-Z');
    expect(await titles()).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect(screen.getByText(/Liked 5 days ago/)).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search liked videos' }), 'ZED');
    expect(await titles()).toEqual(['Alpha']);
  });

  it('unlikes an entry: it leaves once the server agreed; a failure says so', async () => {
    serveLiked(threeLiked());
    let fail = true;
    server().on('toggleVideoLike', () =>
      fail
        ? { status: 500, error: { code: 'INTERNAL', message: '' } }
        : { data: { isLiked: false, likeCount: 0 } },
    );
    const { user } = await openLiked();
    await titles();
    await user.click(screen.getByRole('button', { name: 'Unlike Charlie' }));
    expect(await within(notifications()).findByText('Failed to remove like')).toBeInTheDocument();
    expect(await titles()).toEqual(['Bravo', 'Charlie', 'Alpha']);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Unlike Charlie' }));
    await waitFor(async () => expect(await titles()).toEqual(['Bravo', 'Alpha']));
  });

  it("says 'Failed to remove like' when the unlike gets no answer; the entry stays", async () => {
    serveLiked(threeLiked());
    server().on('toggleVideoLike', () => networkFailure);
    const { user } = await openLiked();
    await titles();
    await user.click(screen.getByRole('button', { name: 'Unlike Charlie' }));
    expect(await within(notifications()).findByText('Failed to remove like')).toBeInTheDocument();
    expect(await titles()).toEqual(['Bravo', 'Charlie', 'Alpha']);
  });

  it("shows 'No liked videos yet' and 'Failed to load liked videos' with Try Again", async () => {
    serveLiked([]);
    let attempts = 0;
    server().on('likedVideos', () => {
      attempts += 1;
      return attempts === 1
        ? { status: 500, error: { code: 'INTERNAL', message: 'Broken' } }
        : { data: [] };
    });
    const { user } = await openLiked();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load liked videos');
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No liked videos yet')).toBeInTheDocument();
  });
});
