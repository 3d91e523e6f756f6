import type { DeviceSession } from '@kinora/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../app/testing';
import { deferred, withContractServer } from '../../../testing/contract-server';
import { makeUser } from '../../../testing/fixtures';

configure({ asyncUtilTimeout: 4000 });

const server = withContractServer();
const ada = makeUser();
const notifications = () => screen.getByRole('status', { name: 'Notifications' });

async function openEditProfile() {
  server().on('currentUser', () => ({ data: ada }));
  server().on('listBlockedUsers', () => ({ data: [] }));
  const view = renderRoute('/profile/edit');
  await screen.findByRole('heading', { name: 'Edit Profile' });
  return view;
}

describe('edit profile: change password', () => {
  const form = () => screen.getByRole('form', { name: 'Change password' });

  it('asks for the current password and a matching new one before sending anything', async () => {
    const { user } = await openEditProfile();
    await user.type(within(form()).getByLabelText('New password'), 'a new password');
    await user.type(within(form()).getByLabelText('Confirm new password'), 'another one');
    await user.click(within(form()).getByRole('button', { name: 'Change password' }));
    expect(within(form()).getByLabelText('Current password')).toHaveAccessibleDescription(
      'Current password is required',
    );
    expect(within(form()).getByLabelText('Confirm new password')).toHaveAccessibleDescription(
      'The new passwords do not match',
    );
    expect(server().requestsTo('changePassword')).toEqual([]);
  });

  it('changes the password, says the other devices were signed out, and empties the form', async () => {
    const answer = deferred<void>();
    server().on('changePassword', async () => {
      await answer.promise;
      return { data: {} };
    });
    const { user } = await openEditProfile();
    await user.type(within(form()).getByLabelText('Current password'), 'the old password');
    await user.type(within(form()).getByLabelText('New password'), 'a new password');
    await user.type(within(form()).getByLabelText('Confirm new password'), 'a new password');
    await user.click(within(form()).getByRole('button', { name: 'Change password' }));
    expect(await within(form()).findByRole('button', { name: 'Changing...' })).toBeDisabled();
    answer.resolve();
    expect(
      await within(notifications()).findByText(
        'Password changed. Your other devices were signed out.',
      ),
    ).toBeInTheDocument();
    expect(server().requestsTo('changePassword')[0]?.body).toEqual({
      oldPassword: 'the old password',
      newPassword: 'a new password',
    });
    expect(within(form()).getByLabelText('Current password')).toHaveValue('');
  });

  it('shows the server’s refusal of the current password on its field, and a wait on the form', async () => {
    server().on('changePassword', () => ({
      status: 400,
      error: {
        code: 'VALIDATION_FAILED',
        message: 'The current password is not correct',
        errors: [{ field: 'oldPassword', message: 'The current password is not correct' }],
      },
    }));
    const { user } = await openEditProfile();
    await user.type(within(form()).getByLabelText('Current password'), 'a wrong one');
    await user.type(within(form()).getByLabelText('New password'), 'a new password');
    await user.type(within(form()).getByLabelText('Confirm new password'), 'a new password');
    await user.click(within(form()).getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(within(form()).getByLabelText('Current password')).toHaveAccessibleDescription(
        'The current password is not correct',
      ),
    );
    server().on('changePassword', () => ({
      status: 429,
      error: { code: 'RATE_LIMITED', message: 'Too many wrong passwords; try again in 15 minutes' },
    }));
    await user.click(within(form()).getByRole('button', { name: 'Change password' }));
    expect(await within(form()).findByRole('alert')).toHaveTextContent(
      'Too many wrong passwords; try again in 15 minutes',
    );
  });

  it('leads to the sessions page by a link', async () => {
    const { user, router } = await openEditProfile();
    server().on('listSessions', () => ({ data: [] }));
    await user.click(screen.getByRole('link', { name: /Sessions and devices/ }));
    await screen.findByRole('heading', { name: 'Sessions and devices', level: 1 });
    expect(router.state.location.pathname).toBe('/settings/sessions');
  });
});

function device(n: number, overrides: Partial<DeviceSession> = {}): DeviceSession {
  return {
    _id: `d0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    browser: 'Chrome',
    os: 'Windows',
    device: 'desktop',
    address: `198.51.100.${n}`,
    signedInAt: new Date(Date.now() - 86_400_000 * 3).toISOString(),
    lastActiveAt: new Date(Date.now() - 3_600_000 * n).toISOString(),
    isCurrent: false,
    ...overrides,
  };
}

describe('sessions and devices', () => {
  const here = device(1, { browser: 'Firefox', os: 'Linux', isCurrent: true });
  const phone = device(2, { browser: 'Safari', os: 'iOS', device: 'mobile' });
  const office = device(3);

  async function openSessions(list: DeviceSession[]) {
    server().on('currentUser', () => ({ data: ada }));
    server().on('listSessions', () => ({ data: list }));
    const view = renderRoute('/settings/sessions');
    await screen.findByRole('list', { name: 'Where you are signed in' });
    return view;
  }
  const rows = () =>
    within(screen.getByRole('list', { name: 'Where you are signed in' })).getAllByRole('listitem');

  it('lists each device with its browser, system, address and last activity, this one marked', async () => {
    await openSessions([here, phone, office]);
    expect(rows()).toHaveLength(3);
    expect(rows()[0]).toHaveTextContent('Firefox on LinuxThis device');
    expect(rows()[0]).toHaveTextContent('198.51.100.1 · Active now');
    expect(within(rows()[0]!).queryByRole('button')).toBeNull();
    expect(rows()[1]).toHaveTextContent('Safari on iOS');
    expect(rows()[1]).toHaveTextContent('198.51.100.2 · Last active 2 hours ago');
    expect(
      within(rows()[1]!).getByRole('button', {
        name: 'Sign out Safari on iOS, last active 2 hours ago',
      }),
    ).toBeEnabled();
  });

  it('signs one device out: the call names it, and the list loses it', async () => {
    const { user } = await openSessions([here, phone, office]);
    server().on('endSession', () => ({ data: { ended: 1 } }));
    server().on('listSessions', () => ({ data: [here, office] }));
    await user.click(within(rows()[1]!).getByRole('button', { name: /^Sign out Safari on iOS/ }));
    expect(await within(notifications()).findByText('Signed out of that device')).toBeVisible();
    expect(server().requestsTo('endSession')[0]?.params).toEqual({ id: phone._id });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.queryByText('Safari on iOS')).toBeNull();
  });

  it('signs every other device out and keeps this one; the button rests when none are left', async () => {
    const { user } = await openSessions([here, phone, office]);
    server().on('endOtherSessions', () => ({ data: { ended: 2 } }));
    server().on('listSessions', () => ({ data: [here] }));
    await user.click(screen.getByRole('button', { name: 'Sign out all other devices' }));
    expect(await within(notifications()).findByText('Signed out of 2 other devices')).toBeVisible();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(
      await screen.findByRole('button', { name: 'Sign out all other devices' }),
    ).toBeDisabled();
  });

  it('says when the list cannot be loaded and offers to try again', async () => {
    server().on('currentUser', () => ({ data: ada }));
    server().on('listSessions', () => ({
      status: 500,
      error: { code: 'INTERNAL', message: '' },
    }));
    renderRoute('/settings/sessions');
    expect(await screen.findByText('Failed to load your sessions')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeEnabled();
  });

  it('sends a visitor to sign in', async () => {
    const { router } = renderRoute('/settings/sessions');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

describe('your data and account', () => {
  let saved: Blob[] = [];
  beforeEach(() => {
    saved = [];
    // jsdom has no object URLs: record the file the page hands the browser instead.
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          saved.push(blob);
          return 'blob:kinora-test';
        },
        revokeObjectURL: () => undefined,
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('downloads the person’s data as a JSON file', async () => {
    const exported = {
      exportedAt: '2026-11-26T10:00:00.000Z',
      account: {
        _id: ada._id,
        username: ada.username,
        fullname: ada.fullname,
        email: ada.email,
        bio: '',
        avatar: null,
        coverImage: null,
        createdAt: ada.createdAt,
      },
      videos: [],
      comments: [],
      likes: [],
      playlists: [],
      watchHistory: [],
      subscriptions: [],
      tweets: [{ _id: 'tw1', content: 'Hello', createdAt: '2026-11-01T00:00:00.000Z' }],
      conversations: [],
    };
    server().on('exportAccount', () => ({ data: exported }));
    const { user } = await openEditProfile();
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await within(notifications()).findByText('Your data is downloading')).toBeVisible();
    expect(saved).toHaveLength(1);
    expect(JSON.parse(await saved[0]!.text())).toEqual(exported);
  });

  it('deletes the account only with the password, then signs out here and goes home', async () => {
    const { user, router } = await openEditProfile();
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(within(dialog).getByLabelText('Your password')).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(within(dialog).getByLabelText('Your password')).toHaveAccessibleDescription(
      'Password is required',
    );
    expect(server().requestsTo('deleteAccount')).toEqual([]);

    server().on('deleteAccount', () => ({
      status: 400,
      error: {
        code: 'VALIDATION_FAILED',
        message: 'The password is not correct',
        errors: [{ field: 'password', message: 'The password is not correct' }],
      },
    }));
    await user.type(within(dialog).getByLabelText('Your password'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Your password')).toHaveAccessibleDescription(
        'The password is not correct',
      ),
    );

    server().on('deleteAccount', () => ({ data: {} }));
    server().on('currentUser', () => ({
      status: 401,
      error: { code: 'UNAUTHENTICATED', message: 'You need to sign in' },
    }));
    await user.clear(within(dialog).getByLabelText('Your password'));
    await user.type(within(dialog).getByLabelText('Your password'), 'the password');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(notifications()).findByText('Your account has been deleted')).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(server().requestsTo('deleteAccount').at(-1)?.body).toEqual({ password: 'the password' });
    expect(server().requestsTo('logout')).toHaveLength(1);
    // Home, as a visitor (the top bar may draw again as the session's answers go).
    await waitFor(() => expect(screen.getByRole('link', { name: 'Sign In' })).toBeVisible());
  });

  it('closes without deleting on Cancel', async () => {
    const { user } = await openEditProfile();
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server().requestsTo('deleteAccount')).toEqual([]);
  });
});
