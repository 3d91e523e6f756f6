import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getAccessToken } from '../../../lib/api';
import { deferred, withContractServer } from '../../../testing/contract-server';
import { makeFile, makeUser } from '../../../testing/fixtures';
import { renderRoute } from '../../../app/testing';

const server = withContractServer();
const MB = 1024 * 1024;

async function renderRegister() {
  // applyAccept off: the tests choose wrong files on purpose to see them refused.
  const view = renderRoute('/register', { userEventOptions: { applyAccept: false } });
  await screen.findByRole('heading', { name: 'Sign Up' });
  return view;
}

const submitButton = () =>
  screen.getByRole('button', { name: /^(Create Account|Creating account\.\.\.)$/ });

async function fillValidForm(user: ReturnType<typeof renderRoute>['user']) {
  await user.type(screen.getByLabelText('Full name'), 'Ada Lovelace');
  await user.type(screen.getByLabelText('Username'), 'ada');
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'analytical-engine');
  await user.upload(screen.getByLabelText('Avatar'), makeFile('ada.png', 'image/png'));
}

describe('register page', () => {
  it('labels every input, with autocomplete hints, and links to sign-in and home', async () => {
    await renderRegister();
    expect(screen.getByLabelText('Full name')).toHaveAttribute('autocomplete', 'name');
    expect(screen.getByLabelText('Username')).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByLabelText('Avatar')).toHaveAttribute('accept', 'image/*');
    expect(screen.getByLabelText('Avatar')).toBeRequired();
    expect(screen.getByLabelText('Cover image')).not.toBeRequired();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Kinora home' })).toHaveAttribute('href', '/');
  });

  it('lists every missing field at once and sends nothing', async () => {
    const { user } = await renderRegister();
    await user.click(submitButton());
    expect(screen.getByText('Full name is required')).toBeInTheDocument();
    expect(screen.getByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Avatar is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveFocus();
    expect(server().requestsTo('register')).toHaveLength(0);
  });

  it('accepts only images, an avatar under 5MB and a cover under 10MB', async () => {
    const { user } = await renderRegister();
    await user.upload(screen.getByLabelText('Avatar'), makeFile('notes.pdf', 'application/pdf'));
    expect(screen.getByText('Please select a valid image file')).toBeInTheDocument();

    await user.upload(screen.getByLabelText('Avatar'), makeFile('huge.png', 'image/png', 5 * MB));
    expect(screen.getByText('Avatar file size must be less than 5MB')).toBeInTheDocument();

    await user.upload(
      screen.getByLabelText('Cover image'),
      makeFile('huge.jpg', 'image/jpeg', 10 * MB),
    );
    expect(screen.getByText('Cover image file size must be less than 10MB')).toBeInTheDocument();

    await user.upload(screen.getByLabelText('Avatar'), makeFile('ok.png', 'image/png'));
    expect(screen.queryByText('Avatar file size must be less than 5MB')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Avatar preview' })).toBeInTheDocument();
  });

  it("shows 'Creating account...' while busy, then the toast, then goes home after 1.5 s", async () => {
    const answer = deferred<void>();
    const created = makeUser();
    server().on('register', async () => {
      await answer.promise;
      return { status: 201, data: { user: created, accessToken: 'access-2' } };
    });
    const { user, router } = await renderRegister();
    await fillValidForm(user);
    await user.upload(screen.getByLabelText('Cover image'), makeFile('cover.jpg', 'image/jpeg'));
    await user.click(submitButton());

    expect(await screen.findByRole('button', { name: 'Creating account...' })).toBeDisabled();
    server().on('currentUser', () => ({ data: created }));
    answer.resolve();

    const notifications = screen.getByRole('status', { name: 'Notifications' });
    expect(await within(notifications).findByText('Account created successfully!')).toBeVisible();
    const shownAt = Date.now();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 2500 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1300);

    const [request] = server().requestsTo('register');
    expect(request?.body).toEqual({
      fullname: 'Ada Lovelace',
      username: 'ada',
      email: 'ada@example.com',
      password: 'analytical-engine',
    });
    expect(request?.files.avatar).toMatchObject({ name: 'ada.png', type: 'image/png' });
    expect(request?.files.coverImage).toMatchObject({ name: 'cover.jpg' });
    expect(getAccessToken()).toBe('access-2');
  });

  it("shows the error's own message, the server's field error, and the failure toast", async () => {
    server().on('register', () => ({
      status: 409,
      error: { code: 'USERNAME_TAKEN', message: 'This username is already taken' },
    }));
    const { user } = await renderRegister();
    await fillValidForm(user);
    await user.click(submitButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('This username is already taken');
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(
      within(screen.getByRole('status', { name: 'Notifications' })).getByText(
        'Account creation failed!',
      ),
    ).toBeVisible();
    expect(submitButton()).toHaveTextContent('Create Account');
  });

  it('puts server validation errors beside their fields', async () => {
    server().on('register', () => ({
      status: 400,
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Some fields are not valid',
        errors: [{ field: 'email', message: 'Email must be a valid email address' }],
      },
    }));
    const { user } = await renderRegister();
    await fillValidForm(user);
    await user.click(submitButton());
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('Email must be a valid email address');
  });
});
