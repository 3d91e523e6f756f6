import type { BlockedUser } from '@kinora/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../app/testing';
import { deferred, withContractServer } from '../../../testing/contract-server';
import { makeUser } from '../../../testing/fixtures';

configure({ asyncUtilTimeout: 4000 });

const server = withContractServer();
const ada = makeUser({ messagePolicy: 'everyone' });

function blockedPerson(n: number): BlockedUser {
  return {
    _id: `b0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    username: `pest${n}`,
    fullname: `Pest ${n}`,
    avatar: null,
    blockedAt: new Date(Date.now() - n * 86_400_000).toISOString(),
  };
}

async function openEditProfile(blocked: BlockedUser[] = []) {
  server().on('currentUser', () => ({ data: ada }));
  server().on('listBlockedUsers', () => ({ data: blocked }));
  const view = renderRoute('/profile/edit');
  await screen.findByRole('heading', { name: 'Edit Profile' });
  return view;
}

const policyGroup = () => screen.getByRole('group', { name: 'Who can send you message requests' });
const notifications = () => screen.getByRole('status', { name: 'Notifications' });

describe('edit profile: who can send you message requests', () => {
  it('shows the three choices with the current one checked', async () => {
    await openEditProfile();
    const group = policyGroup();
    expect(within(group).getByRole('radio', { name: /^Everyone/ })).toBeChecked();
    expect(
      within(group).getByRole('radio', { name: /^Channels you subscribe to/ }),
    ).not.toBeChecked();
    expect(within(group).getByRole('radio', { name: /^Nobody/ })).not.toBeChecked();
  });

  it('saves a new choice at once through update-details and keeps it', async () => {
    const answer = deferred<void>();
    server().on('updateDetails', async (request) => {
      await answer.promise;
      const { messagePolicy } = request.body as { messagePolicy: 'subscriptions' };
      return { data: { ...ada, messagePolicy } };
    });
    const { user } = await openEditProfile();
    const subscriptions = within(policyGroup()).getByRole('radio', {
      name: /^Channels you subscribe to/,
    });
    await user.click(subscriptions);
    expect(subscriptions).toBeChecked();
    expect(subscriptions).toBeDisabled();
    answer.resolve();
    expect(
      await within(notifications()).findByText('Message request settings saved'),
    ).toBeInTheDocument();
    expect(subscriptions).toBeEnabled();
    expect(subscriptions).toBeChecked();
    expect(server().requestsTo('updateDetails')[0]?.body).toEqual({
      messagePolicy: 'subscriptions',
    });
  });

  it('puts the old choice back and says so when the server refuses', async () => {
    server().on('updateDetails', () => ({
      status: 500,
      error: { code: 'INTERNAL', message: '' },
    }));
    const { user } = await openEditProfile();
    await user.click(within(policyGroup()).getByRole('radio', { name: /^Nobody/ }));
    expect(
      await within(notifications()).findByText('Failed to update profile'),
    ).toBeInTheDocument();
    expect(within(policyGroup()).getByRole('radio', { name: /^Everyone/ })).toBeChecked();
  });
});

describe('edit profile: blocked people', () => {
  it('lists the people blocked, and Unblock removes one', async () => {
    server().on('unblockUser', (request) => ({
      data: { userId: request.params.userId ?? '', isBlocked: false },
    }));
    const { user } = await openEditProfile([blockedPerson(1), blockedPerson(2)]);
    const list = await screen.findByRole('list', { name: 'Blocked people' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(list).toHaveTextContent('Pest 1');
    expect(list).toHaveTextContent('@pest1 · Blocked 1 day ago');

    server().on('listBlockedUsers', () => ({ data: [blockedPerson(2)] }));
    await user.click(within(list).getByRole('button', { name: 'Unblock pest1' }));
    expect(await within(notifications()).findByText('pest1 is unblocked')).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(list).not.toHaveTextContent('Pest 1');
    expect(server().requestsTo('unblockUser')[0]?.params).toEqual({ userId: blockedPerson(1)._id });
  });

  it('toasts a failed unblock and keeps the person', async () => {
    server().on('unblockUser', () => ({
      status: 404,
      error: { code: 'NOT_FOUND', message: 'User not found' },
    }));
    const { user } = await openEditProfile([blockedPerson(1)]);
    const list = await screen.findByRole('list', { name: 'Blocked people' });
    await user.click(within(list).getByRole('button', { name: 'Unblock pest1' }));
    expect(await within(notifications()).findByText('User not found')).toBeInTheDocument();
    expect(list).toHaveTextContent('Pest 1');
  });

  it('says when nobody is blocked', async () => {
    await openEditProfile([]);
    expect(await screen.findByText('You have not blocked anyone.')).toBeInTheDocument();
  });

  it("says 'Failed to load blocked people' and tries again", async () => {
    let fail = true;
    server().on('currentUser', () => ({ data: ada }));
    server().on('listBlockedUsers', () =>
      fail
        ? { status: 500, error: { code: 'INTERNAL', message: 'Boom' } }
        : { data: [blockedPerson(3)] },
    );
    const { user } = renderRoute('/profile/edit');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load blocked people');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    const list = await screen.findByRole('list', { name: 'Blocked people' });
    expect(list).toHaveTextContent('Pest 3');
  });
});
