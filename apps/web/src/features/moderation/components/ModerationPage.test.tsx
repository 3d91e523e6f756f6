import type { ModerationQueue, ReportGroup } from '@kinora/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderRoute } from '../../../app/testing';
import { withContractServer } from '../../../testing/contract-server';
import { makeUser } from '../../../testing/fixtures';

const server = withContractServer();

// An action's cache event loads the cache-link table on demand (app/cache-links.ts); loaded
// here first, so a last action's late import cannot outlive the test environment.
beforeAll(async () => {
  await import('../../../app/cache-link-table');
});
const moderator = makeUser({ role: 'moderator' });
const bob = {
  _id: '7b5e8c0a-1d2f-4e3a-9b8c-0d1e2f3a4b5c',
  username: 'bob',
  fullname: 'Bob',
  avatar: null,
};
const carol = {
  _id: '8c6f9d1b-2e3a-4f4b-8c9d-1e2f3a4b5c6d',
  username: 'carol',
  fullname: 'Carol',
  avatar: null,
};
const grace = {
  _id: '9d7a0e2c-3f4b-4a5c-9d0e-2f3a4b5c6d7e',
  username: 'grace',
  fullname: 'Grace',
  avatar: null,
};

function tweetGroup(overrides: Partial<ReportGroup> = {}): ReportGroup {
  return {
    targetKind: 'tweet',
    targetId: 'a1b2c3d4-0000-4000-8000-000000000001',
    target: {
      owner: grace,
      title: null,
      text: 'Buy followers now',
      videoId: null,
      messages: [],
      isHidden: false,
      isBanned: false,
    },
    reports: [
      {
        _id: 'r1',
        reporter: bob,
        reason: 'spam',
        details: 'Selling',
        createdAt: new Date().toISOString(),
      },
      {
        _id: 'r2',
        reporter: carol,
        reason: 'harassment',
        details: '',
        createdAt: new Date().toISOString(),
      },
    ],
    isActionable: true,
    ...overrides,
  };
}

describe('/moderation', () => {
  it('shows open reports grouped by target, in place, and hides one with a reason', async () => {
    localStorage.setItem('accessToken', 'token-1');
    let queue: ModerationQueue = { groups: [tweetGroup()] };
    server().on('currentUser', () => ({ data: moderator }));
    server().on('moderationQueue', () => ({ data: queue }));
    server().on('moderateTarget', (request) => {
      queue = { groups: [] };
      const body = request.body as { action: 'hide'; targetId: string };
      return {
        data: {
          action: body.action,
          targetKind: 'tweet',
          targetId: body.targetId,
          reportsClosed: 2,
        },
      };
    });
    const { user } = renderRoute('/moderation');

    expect(
      await screen.findByRole('heading', { name: 'Moderation', level: 1 }, { timeout: 15_000 }),
    ).toBeVisible();
    const card = await screen.findByRole('listitem', { name: 'Tweet by @grace' });
    expect(within(card).getByText('Buy followers now')).toBeVisible();
    expect(within(card).getByText('2 reports')).toBeVisible();
    expect(card).toHaveTextContent('@bob: Spam or misleading “Selling”');
    expect(card).toHaveTextContent('@carol: Harassment or bullying');

    // A reason first: the owner is told it, and the log keeps it.
    await user.click(within(card).getByRole('button', { name: 'Hide' }));
    expect(within(card).getByRole('alert')).toHaveTextContent('Reason');
    expect(server().requestsTo('moderateTarget')).toHaveLength(0);
    await user.type(within(card).getByRole('textbox', { name: /Reason/ }), 'Spam');
    await user.click(within(card).getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(server().requestsTo('moderateTarget')).toHaveLength(1));
    expect(server().requestsTo('moderateTarget')[0]?.body).toEqual({
      action: 'hide',
      targetKind: 'tweet',
      targetId: 'a1b2c3d4-0000-4000-8000-000000000001',
      reason: 'Spam',
    });
    expect(await screen.findByText('No open reports. All caught up.')).toBeVisible();
  });

  it('offers no action on a group the moderator may not act on, and tells why', async () => {
    localStorage.setItem('accessToken', 'token-1');
    server().on('currentUser', () => ({ data: moderator }));
    server().on('moderationQueue', () => ({
      data: { groups: [tweetGroup({ isActionable: false })] },
    }));
    renderRoute('/moderation');
    const card = await screen.findByRole(
      'listitem',
      { name: 'Tweet by @grace' },
      { timeout: 15_000 },
    );
    expect(within(card).queryByRole('button', { name: 'Hide' })).toBeNull();
    expect(card).toHaveTextContent('You cannot act on this one');
  });

  it('lists the audit log: who, what, when', async () => {
    localStorage.setItem('accessToken', 'token-1');
    server().on('currentUser', () => ({ data: moderator }));
    server().on('moderationLog', () => ({
      data: {
        entries: [
          {
            _id: 'l1',
            moderator: { _id: moderator._id, username: 'ada' },
            action: 'ban',
            targetKind: 'user',
            targetId: grace._id,
            reason: 'Spam account',
            createdAt: new Date().toISOString(),
          },
        ],
        page: 1,
        limit: 30,
        totalPages: 1,
        hasNextPage: false,
      },
    }));
    renderRoute('/moderation?tab=log');
    const table = await screen.findByRole('table', {}, { timeout: 15_000 });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('@ada');
    expect(row).toHaveTextContent(`banned account ${grace._id}`);
    expect(row).toHaveTextContent('“Spam account”');
  });

  it('lifts a ban from the audit log after a confirmation with a reason', async () => {
    localStorage.setItem('accessToken', 'token-1');
    let isBanned = true;
    const ban = (id: string, accountIsBanned: boolean) => ({
      _id: id,
      moderator: { _id: moderator._id, username: 'ada' },
      action: 'ban' as const,
      targetKind: 'user' as const,
      targetId: grace._id,
      reason: 'Spam account',
      createdAt: new Date().toISOString(),
      accountIsBanned,
    });
    server().on('currentUser', () => ({ data: moderator }));
    server().on('moderationLog', () => ({
      data: {
        // The newest ban offers the lift; an older one of the same account does not.
        entries: [ban('l2', isBanned), ban('l1', isBanned)],
        page: 1,
        limit: 30,
        totalPages: 1,
        hasNextPage: false,
      },
    }));
    server().on('unbanUser', () => {
      isBanned = false;
      return {
        data: { action: 'unban', targetKind: 'user', targetId: grace._id, reportsClosed: 0 },
      };
    });
    const { user } = renderRoute('/moderation?tab=log');
    const table = await screen.findByRole('table', {}, { timeout: 15_000 });
    const lifts = within(table).getAllByRole('button', { name: 'Lift ban' });
    expect(lifts).toHaveLength(1);
    expect(within(table).getAllByRole('row')[1]).toContainElement(lifts[0]!);

    // Cancel changes nothing.
    await user.click(lifts[0]!);
    let dialog = await screen.findByRole('dialog', { name: 'Lift the ban of this account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server().requestsTo('unbanUser')).toHaveLength(0);

    // A reason first, then the lift.
    await user.click(within(table).getByRole('button', { name: 'Lift ban' }));
    dialog = await screen.findByRole('dialog', { name: 'Lift the ban of this account?' });
    expect(dialog).toHaveTextContent('They can sign in again');
    await user.click(within(dialog).getByRole('button', { name: 'Lift ban' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Reason');
    expect(server().requestsTo('unbanUser')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Appeal accepted');
    await user.click(within(dialog).getByRole('button', { name: 'Lift ban' }));
    await waitFor(() => expect(server().requestsTo('unbanUser')).toHaveLength(1));
    expect(server().requestsTo('unbanUser')[0]?.body).toEqual({ reason: 'Appeal accepted' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Lift ban' })).toBeNull());
  });

  it('offers to lift the ban of a reported account that is banned, instead of a ban', async () => {
    localStorage.setItem('accessToken', 'token-1');
    server().on('currentUser', () => ({ data: moderator }));
    server().on('moderationQueue', () => ({
      data: {
        groups: [
          tweetGroup({
            targetKind: 'user',
            targetId: grace._id,
            target: { ...tweetGroup().target, text: null, isBanned: true },
          }),
        ],
      },
    }));
    const { user } = renderRoute('/moderation');
    const card = await screen.findByRole(
      'listitem',
      { name: 'Account by @grace' },
      { timeout: 15_000 },
    );
    expect(within(card).queryByRole('button', { name: 'Ban account' })).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Lift ban' }));
    expect(await screen.findByRole('dialog', { name: 'Lift the ban of @grace?' })).toBeVisible();
  });

  it('tells a person without a staff role the page is not theirs', async () => {
    localStorage.setItem('accessToken', 'token-1');
    server().on('currentUser', () => ({ data: makeUser() }));
    renderRoute('/moderation');
    expect(
      await screen.findByText(
        'Only moderators and admins can open this page.',
        {},
        { timeout: 15_000 },
      ),
    ).toBeVisible();
    expect(server().requestsTo('moderationQueue')).toHaveLength(0);
  });
});
