import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferred, networkFailure, withContractServer } from '../../../testing/contract-server';
import { makeFile, makeUser } from '../../../testing/fixtures';
import { renderRoute } from '../../../app/testing';

const server = withContractServer();
const MB = 1024 * 1024;
const ada = makeUser();

async function renderEditProfile() {
  server().on('currentUser', () => ({ data: ada }));
  // The messaging section reads the blocked people (MessagingSettingsSection.test.tsx).
  server().on('listBlockedUsers', () => ({ data: [] }));
  // applyAccept off: the tests choose wrong files on purpose to see them refused.
  const view = renderRoute('/profile/edit', { userEventOptions: { applyAccept: false } });
  await screen.findByRole('heading', { name: 'Edit Profile' });
  return view;
}

const notifications = () => screen.getByRole('status', { name: 'Notifications' });

describe('edit profile page', () => {
  it('sends visitors to /login', async () => {
    const { router } = renderRoute('/profile/edit');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it("says 'Failed to load user profile. Please login.' when the profile gets no answer", async () => {
    localStorage.setItem('accessToken', 'token-1');
    server().on('currentUser', () => networkFailure);
    const { router } = renderRoute('/profile/edit');
    expect(
      await screen.findByText('Failed to load user profile. Please login.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile/edit');
    expect(screen.getByRole('link', { name: 'Sign In Now' })).toHaveAttribute('href', '/login');
  });

  it.each([
    ['a 5xx without a message', 'Failed to load user profile. Please login.', 503],
    ['404: the account is gone', 'User not found', 404],
  ] as const)('says so when the profile cannot be loaded (%s)', async (_, text, status) => {
    localStorage.setItem('accessToken', 'token-1');
    server().on('currentUser', () => ({
      status,
      error: { code: status === 404 ? 'NOT_FOUND' : 'INTERNAL', message: '' },
    }));
    const { router } = renderRoute('/profile/edit');
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile/edit');
  });

  it('shows the fields, a read-only username, Save, Cancel and Back to Profile', async () => {
    await renderEditProfile();
    expect(screen.getByLabelText('Full name')).toHaveValue('Ada Lovelace');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    const username = screen.getByLabelText('Username');
    expect(username).toHaveValue('ada');
    expect(username).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Profile' })).toHaveAttribute(
      'href',
      '/profile/videos',
    );
    expect(screen.getByRole('button', { name: 'Change avatar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change cover' })).toBeInTheDocument();
  });

  it.each([
    ['Avatar', makeFile('notes.txt', 'text/plain'), 'Please select a valid image file'],
    ['Avatar', makeFile('big.png', 'image/png', 5 * MB), 'Avatar file size must be less than 5MB'],
    ['Cover image', makeFile('doc.pdf', 'application/pdf'), 'Please select a valid image file'],
    [
      'Cover image',
      makeFile('big.jpg', 'image/jpeg', 10 * MB),
      'Cover image file size must be less than 10MB',
    ],
  ])('refuses a wrong %s file: %#', async (label, file, message) => {
    const { user } = await renderEditProfile();
    await user.upload(screen.getByLabelText(label), file);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    // The sidebar's unread count (listConversations) and the bell's (unreadNotifications) are the
    // layout's, the blocked list (listBlockedUsers) the messaging section's, and the
    // notification settings their section's: not the form's.
    const notTheForm = [
      'currentUser',
      'listConversations',
      'unreadNotifications',
      'listBlockedUsers',
      'notificationSettings',
    ];
    expect(server().requests.filter((r) => !notTheForm.includes(r.name))).toHaveLength(0);
  });

  it('uploads a new avatar with progress, announces the change, then clears the bar', async () => {
    const answer = deferred<void>();
    const updated = makeUser({ avatar: '/media/avatars/new.webp' });
    server().on('changeAvatar', async () => {
      await answer.promise;
      return { data: updated };
    });
    const onProfileUpdated = vi.fn();
    window.addEventListener('profileUpdated', onProfileUpdated);
    const { user } = await renderEditProfile();

    await user.upload(screen.getByLabelText('Avatar'), makeFile('me.png', 'image/png', 50_000));
    const bar = await screen.findByRole('progressbar', { name: 'Avatar upload progress' });
    expect(Number(bar.getAttribute('value'))).toBeLessThanOrEqual(90);
    expect(screen.getByRole('button', { name: 'Change avatar' })).toBeDisabled();

    answer.resolve();
    expect(await within(notifications()).findByText('Avatar updated successfully!')).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Avatar upload progress' })).toHaveAttribute(
      'value',
      '100',
    );
    expect(onProfileUpdated).toHaveBeenCalledTimes(1);
    // The top bar shows the new avatar at once: the session holds the server's answer.
    const profileLink = within(screen.getByRole('banner')).getByRole('link', {
      name: 'Your profile (ada)',
    });
    expect(profileLink.querySelector('img')).toHaveAttribute('src', '/media/avatars/new.webp');

    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument(), {
      timeout: 2500,
    });
    window.removeEventListener('profileUpdated', onProfileUpdated);
  });

  it('says so when the cover upload fails', async () => {
    server().on('changeCoverImage', () => ({
      status: 415,
      error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported image' },
    }));
    const { user } = await renderEditProfile();
    await user.upload(screen.getByLabelText('Cover image'), makeFile('c.png', 'image/png'));
    expect(
      await within(notifications()).findByText('Failed to update cover image. Please try again.'),
    ).toBeVisible();
  });

  it('says so when the avatar upload fails', async () => {
    server().on('changeAvatar', () => ({
      status: 500,
      error: { code: 'INTERNAL', message: 'Internal error' },
    }));
    const { user } = await renderEditProfile();
    await user.upload(screen.getByLabelText('Avatar'), makeFile('a.png', 'image/png'));
    expect(
      await within(notifications()).findByText('Failed to update avatar. Please try again.'),
    ).toBeVisible();
  });

  it('saves the full name, returns to the profile after 1.5 s and shows the new name there', async () => {
    server().on('updateDetails', (req) => ({
      data: { ...ada, ...(req.body as { fullname: string }) },
    }));
    const onProfileUpdated = vi.fn();
    window.addEventListener('profileUpdated', onProfileUpdated);
    const { user, router } = await renderEditProfile();

    const fullname = screen.getByLabelText('Full name');
    await user.clear(fullname);
    await user.type(fullname, 'Augusta Ada King');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await within(notifications()).findByText('Profile updated successfully!')).toBeVisible();
    expect(server().requestsTo('updateDetails')[0]?.body).toEqual({ fullname: 'Augusta Ada King' });
    expect(onProfileUpdated).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/profile/edit');

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/videos'), {
      timeout: 2500,
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Augusta Ada King' }),
    ).toBeInTheDocument();
    window.removeEventListener('profileUpdated', onProfileUpdated);
  });

  it('checks the fields before sending', async () => {
    const { user } = await renderEditProfile();
    await user.clear(screen.getByLabelText('Full name'));
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Full name is required')).toBeInTheDocument();
    expect(screen.getByText('Email must be a valid email address')).toBeInTheDocument();
    expect(server().requestsTo('updateDetails')).toHaveLength(0);
  });

  it('shows a taken email beside the field and the failure toast', async () => {
    server().on('updateDetails', () => ({
      status: 409,
      error: { code: 'EMAIL_TAKEN', message: 'This email is already in use' },
    }));
    const { user } = await renderEditProfile();
    const email = screen.getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'taken@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await within(notifications()).findByText('Failed to update profile')).toBeVisible();
    expect(email).toHaveAccessibleDescription('This email is already in use');
  });

  it('Cancel goes back to the profile', async () => {
    const { user, router } = await renderEditProfile();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/videos'));
  });
});
