import type { HistoryEntry } from '@kinora/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../app/testing';
import { networkFailure, withContractServer } from '../../../testing/contract-server';
import { makeUser } from '../../../testing/fixtures';
import { makeOwner, makeVideo } from '../../../testing/video-fixtures';

const server = withContractServer();
const me = makeUser();
const notifications = () => screen.getByRole('status', { name: 'Notifications' });

let sequence = 0;

function entry(title: string, overrides: Partial<HistoryEntry> = {}): HistoryEntry {
  sequence += 1;
  return {
    ...makeVideo({ title }),
    _id: `e1000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    watchedAt: new Date(Date.now() - 3_600_000).toISOString(),
    positionSeconds: 377,
    cursor: `cursor-${title}`,
    ...overrides,
  };
}

/** Most recent first, as the server answers. */
const threeEntries = () => [
  entry('Bravo', { _id: 'e0000000-0000-4000-8000-000000000002' }),
  entry('Charlie', {
    _id: 'e0000000-0000-4000-8000-000000000003',
    owner: makeOwner({ _id: 'f0000000-0000-4000-8000-000000000001', username: 'zed' }),
  }),
  entry('Alpha', { _id: 'e0000000-0000-4000-8000-000000000001' }),
];

function serveHistory(entries: HistoryEntry[], paused = false) {
  server().on('currentUser', () => ({ data: me }));
  server().on('watchHistory', () => ({ data: entries }));
  server().on('historySettings', () => ({ data: { paused } }));
}

async function openHistory() {
  const view = renderRoute('/history');
  await screen.findByRole('heading', { level: 1, name: 'Watch History' }, { timeout: 3000 });
  return view;
}

const titles = async () =>
  within(await screen.findByRole('list', { name: 'Watched videos' }))
    .getAllByRole('heading')
    .map((h) => h.textContent);

describe('watch history page', () => {
  it("asks visitors to sign in: 'Track Your Journey' with 'Sign In Now'", async () => {
    renderRoute('/history');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Track Your Journey' },
        { timeout: 3000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In Now' })).toHaveAttribute('href', '/login');
    expect(server().requestsTo('watchHistory')).toHaveLength(0);
  });

  it('lists the entries with links to the video and the channel, and the part watched', async () => {
    serveHistory(threeEntries());
    await openHistory();
    expect(await titles()).toEqual(['Bravo', 'Charlie', 'Alpha']);
    const row = within(screen.getByRole('list', { name: 'Watched videos' })).getAllByRole(
      'listitem',
    )[0]!;
    expect(within(row).getByRole('link', { name: 'Bravo' })).toHaveAttribute(
      'href',
      '/video/e0000000-0000-4000-8000-000000000002',
    );
    expect(within(row).getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute(
      'href',
      `/channel/${makeOwner()._id}`,
    );
    expect(row).toHaveTextContent('Watched 1 hour ago');
    // 377 s of 754 s: half watched.
    expect(row.querySelector('[style="width: 50%;"]')).not.toBeNull();
    expect(server().requestsTo('watchHistory')[0]?.query).toEqual({ limit: '50' });
  });

  it('filters by title or channel username, any case, and sorts Recent, Oldest, A-Z', async () => {
    serveHistory(threeEntries());
    const { user } = await openHistory();
    await titles();
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    await user.selectOptions(sort, 'Oldest');
    expect(await titles()).toEqual(['Alpha', 'Charlie', 'Bravo']);
    await user.selectOptions(sort, 'A-Z');
    expect(await titles()).toEqual(['Alpha', 'Bravo', 'Charlie']);
    await user.selectOptions(sort, 'Recent');
    expect(await titles()).toEqual(['Bravo', 'Charlie', 'Alpha']);

    const search = screen.getByRole('searchbox', { name: 'Search history' });
    await user.type(search, 'ALP');
    expect(await titles()).toEqual(['Alpha']);
    await user.clear(search);
    await user.type(search, 'ZED');
    expect(await titles()).toEqual(['Charlie']);
    await user.clear(search);
    await user.type(search, 'nothing like it');
    expect(screen.getByText('No videos found')).toBeInTheDocument();
  });

  it('removes one entry once the server agreed; a failure keeps it', async () => {
    serveHistory(threeEntries());
    let fail = true;
    server().on('removeFromHistory', () =>
      fail ? { status: 500, error: { code: 'INTERNAL', message: '' } } : { data: {} },
    );
    const { user } = await openHistory();
    await titles();
    await user.click(screen.getByRole('button', { name: 'Remove Charlie from history' }));
    expect(
      await within(notifications()).findByText('Failed to remove video from history'),
    ).toBeInTheDocument();
    expect(await titles()).toEqual(['Bravo', 'Charlie', 'Alpha']);

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Remove Charlie from history' }));
    await waitFor(async () => expect(await titles()).toEqual(['Bravo', 'Alpha']));
    expect(server().requestsTo('removeFromHistory')[1]?.params).toEqual({
      videoId: 'e0000000-0000-4000-8000-000000000003',
    });
  });

  it("says 'Failed to remove video from history' when the removal gets no answer", async () => {
    serveHistory(threeEntries());
    server().on('removeFromHistory', () => networkFailure);
    const { user } = await openHistory();
    await titles();
    await user.click(screen.getByRole('button', { name: 'Remove Charlie from history' }));
    expect(
      await within(notifications()).findByText('Failed to remove video from history'),
    ).toBeInTheDocument();
    expect(await titles()).toEqual(['Bravo', 'Charlie', 'Alpha']);
  });

  it("'Clear All' asks first, tells the server, then shows 'No history yet'", async () => {
    serveHistory(threeEntries());
    server().on('clearHistory', () => ({ data: { removed: 3 } }));
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValue(true);
    const { user } = await openHistory();
    await titles();
    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(confirm).toHaveBeenCalledWith(
      'Are you sure you want to clear your entire watch history?',
    );
    expect(server().requestsTo('clearHistory')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(await screen.findByText('No history yet')).toBeInTheDocument();
    expect(server().requestsTo('clearHistory')).toHaveLength(1);
  });

  it('pauses and resumes the history', async () => {
    serveHistory([]);
    server().on('updateHistorySettings', (request) => ({
      data: request.body as { paused: boolean },
    }));
    const { user } = await openHistory();
    expect(await screen.findByText('No history yet')).toBeInTheDocument();
    const toggle = await screen.findByRole('switch', { name: 'Pause history' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(screen.getByText(/History is paused/)).toBeInTheDocument();
    expect(server().requestsTo('updateHistorySettings')[0]?.body).toEqual({ paused: true });
    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    expect(screen.queryByText(/History is paused/)).toBeNull();
  });

  it('loads the next page by cursor', async () => {
    const first = Array.from({ length: 50 }, (_, i) =>
      entry(`Video ${i}`, {
        _id: `e0000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        cursor: `c${i}`,
      }),
    );
    serveHistory([]);
    server().on('watchHistory', (request) => ({
      data:
        request.query.cursor === 'c49'
          ? [entry('Last one', { _id: 'e0000000-0000-4000-8000-999999999999' })]
          : first,
    }));
    const { user } = await openHistory();
    expect(await titles()).toHaveLength(50);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(async () => expect(await titles()).toHaveLength(51));
    expect(server().requestsTo('watchHistory')[1]?.query).toEqual({ cursor: 'c49', limit: '50' });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it("says 'Failed to load watch history'; Try Again loads again", async () => {
    serveHistory([]);
    let attempts = 0;
    server().on('watchHistory', () => {
      attempts += 1;
      return attempts === 1
        ? { status: 500, error: { code: 'INTERNAL', message: 'Broken' } }
        : { data: [entry('Back')] };
    });
    const { user } = await openHistory();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load watch history');
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await titles()).toEqual(['Back']);
  });
});
