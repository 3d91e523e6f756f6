import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../app/testing';
import { getAccessToken } from '../../../lib/api';
import { withContractServer } from '../../../testing/contract-server';
import { makeUser } from '../../../testing/fixtures';

const server = withContractServer();
const challenge = { challengeToken: 'aaa.bbb.ccc', expiresInSeconds: 300 };
const notifications = () => screen.getByRole('status', { name: 'Notifications' });

async function passwordStep() {
  server().on('login', () => ({
    status: 401,
    error: {
      code: 'TWO_FACTOR_REQUIRED',
      message: 'Enter the code from your authenticator app to finish signing in',
      data: challenge,
    },
  }));
  const view = renderRoute('/login');
  await view.user.type(await screen.findByLabelText('Email'), 'ada@example.com');
  await view.user.type(screen.getByLabelText('Password'), 'secret-pass');
  await view.user.click(screen.getByRole('button', { name: 'Sign In' }));
  await screen.findByRole('heading', { name: 'Two-factor sign-in' });
  return view;
}

describe('signing in with two-factor on', () => {
  it('asks for the code after the password, and signs in only once it is accepted', async () => {
    const ada = makeUser();
    server().on('completeTwoFactorLogin', () => ({
      data: { user: ada, accessToken: 'access-2fa' },
    }));
    server().on('currentUser', () => ({ data: ada }));
    const { user, router } = await passwordStep();
    expect(getAccessToken()).toBeNull();
    const code = screen.getByLabelText('Authentication code');
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');

    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText(/, or a recovery code$/)).toBeVisible();
    expect(server().requestsTo('completeTwoFactorLogin')).toHaveLength(0);

    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await within(notifications()).findByText('Logged in successfully!')).toBeVisible();
    expect(server().requestsTo('completeTwoFactorLogin')[0]?.body).toEqual({
      challengeToken: challenge.challengeToken,
      code: '123456',
    });
    expect(getAccessToken()).toBe('access-2fa');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 2500 });
  });

  it('keeps the code step on a wrong code, and takes a recovery code', async () => {
    server().on('completeTwoFactorLogin', () => ({
      status: 401,
      error: {
        code: 'INVALID_CREDENTIALS',
        message: 'That code is not right. Try the newest one from your app.',
      },
    }));
    const { user } = await passwordStep();
    await user.type(screen.getByLabelText('Authentication code'), 'ABCDE-FGH23');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right');
    expect(server().requestsTo('completeTwoFactorLogin')[0]?.body).toEqual({
      challengeToken: challenge.challengeToken,
      code: 'abcdefgh23',
    });
    expect(screen.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
    expect(getAccessToken()).toBeNull();
  });

  it('goes back to the password when the challenge has expired', async () => {
    server().on('completeTwoFactorLogin', () => ({
      status: 401,
      error: {
        code: 'UNAUTHENTICATED',
        message: 'This sign-in has expired; enter your password again',
      },
    }));
    const { user } = await passwordStep();
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('This sign-in has expired');
  });
});
