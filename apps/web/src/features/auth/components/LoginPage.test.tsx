import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getAccessToken } from '../../../lib/api';
import { deferred, withContractServer } from '../../../testing/contract-server';
import { makeUser } from '../../../testing/fixtures';
import { renderRoute } from '../../../app/testing';

const server = withContractServer();

async function renderLogin() {
  const view = renderRoute('/login');
  await screen.findByRole('heading', { name: 'Sign In' });
  return view;
}

const submitButton = () => screen.getByRole('button', { name: /^(Sign In|Signing in\.\.\.)$/ });
const notifications = () => screen.getByRole('status', { name: 'Notifications' });

describe('login page', () => {
  it('has labelled inputs with the right types and autocomplete, and the spec links', async () => {
    await renderLogin();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveAttribute('autocomplete', 'email');
    expect(email).toBeRequired();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(password).toBeRequired();
    expect(screen.getByRole('link', { name: 'Kinora home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register');
  });

  it('requires an email and a password and sends nothing without them', async () => {
    const { user } = await renderLogin();
    await user.click(submitButton());
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(server().requestsTo('login')).toHaveLength(0);
  });

  it('requires a valid email address', async () => {
    const { user } = await renderLogin();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(submitButton());
    expect(screen.getByText('Email must be a valid email address')).toBeInTheDocument();
    expect(server().requestsTo('login')).toHaveLength(0);
  });

  it("shows 'Signing in...' while busy, then the toast, then goes home after 1.2 s", async () => {
    const answer = deferred<void>();
    const user = makeUser();
    server().on('login', async () => {
      await answer.promise;
      return { data: { user, accessToken: 'access-1' } };
    });
    const { user: typist, router } = await renderLogin();
    await typist.type(screen.getByLabelText('Email'), 'ada@example.com');
    await typist.type(screen.getByLabelText('Password'), 'secret-pass');
    await typist.click(submitButton());

    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
    server().on('currentUser', () => ({ data: user }));
    answer.resolve();

    expect(await within(notifications()).findByText('Logged in successfully!')).toBeVisible();
    const shownAt = Date.now();
    expect(router.state.location.pathname).toBe('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 2500 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1000);

    expect(server().requestsTo('login')[0]?.body).toEqual({
      email: 'ada@example.com',
      password: 'secret-pass',
    });
    expect(getAccessToken()).toBe('access-1');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({
      _id: user._id,
      username: 'ada',
    });
    expect(
      await within(await screen.findByRole('banner')).findByRole('button', { name: 'Logout' }),
    ).toBeVisible();
  });

  it('says the credentials were not accepted', async () => {
    server().on('login', () => ({
      status: 401,
      error: { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' },
    }));
    const { user } = await renderLogin();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-pass');
    await user.click(submitButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid email or password. Please try again.',
    );
    expect(
      within(notifications()).getByText('Invalid email or password. Please try again.'),
    ).toBeVisible();
    expect(submitButton()).toHaveTextContent('Sign In');
    expect(submitButton()).toBeEnabled();
  });

  it("fails with 'Login failed: no access token' when the answer has none", async () => {
    server().on('login', () => ({ data: { user: makeUser(), accessToken: '' } }));
    const { user, router } = await renderLogin();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(submitButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed: no access token');
    expect(router.state.location.pathname).toBe('/login');
    expect(getAccessToken()).toBeNull();
  });

  it('passes on what the server says when it limits attempts', async () => {
    server().on('login', () => ({
      status: 429,
      error: { code: 'RATE_LIMITED', message: 'Too many attempts. Try again in 60 seconds.' },
      headers: { 'Retry-After': '60' },
    }));
    const { user } = await renderLogin();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Try again in 60 seconds.',
    );
  });
});
