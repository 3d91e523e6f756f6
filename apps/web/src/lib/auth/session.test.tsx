import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionEvents, setAccessToken } from '../api';
import { withContractServer } from '../../testing/contract-server';
import { makeUser } from '../../testing/fixtures';
import { renderWithProviders } from '../../app/testing';
import { createTestQueryClient } from '../../testing/query-client';
import { login, useSession } from './session';

const server = withContractServer();

function SessionProbe() {
  const session = useSession();
  return (
    <p data-testid="session">
      {session.status === 'signedIn' ? `in:${session.user.username}` : session.status}
    </p>
  );
}

const probe = () => screen.getByTestId('session');

describe('session', () => {
  it('is loading, then signed in when current-user answers; keeps a small user record', async () => {
    server().on('currentUser', () => ({ data: makeUser({ username: 'ada' }) }));
    renderWithProviders(<SessionProbe />);
    expect(probe()).toHaveTextContent('loading');
    await screen.findByText('in:ada');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual({
      _id: makeUser()._id,
      username: 'ada',
      avatar: null,
      name: 'Ada Lovelace',
    });
  });

  it('is signed out when current-user answers 401 (after one refresh attempt)', async () => {
    localStorage.setItem('user', JSON.stringify({ _id: 'x', username: 'old' }));
    renderWithProviders(<SessionProbe />);
    await screen.findByText('signedOut');
    expect(server().requests.map((r) => r.name)).toEqual(['currentUser', 'refreshToken']);
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('is signed out when the check fails for any other reason', async () => {
    server().on('currentUser', () => ({
      status: 500,
      error: { code: 'INTERNAL', message: 'Internal error' },
    }));
    renderWithProviders(<SessionProbe />);
    await screen.findByText('signedOut');
  });

  it('signs out at once when the API reports that the session expired', async () => {
    server().on('currentUser', () => ({ data: makeUser() }));
    setAccessToken('tok');
    renderWithProviders(<SessionProbe />);
    await screen.findByText('in:ada');
    act(() => {
      sessionEvents.dispatchEvent(new Event('expired'));
    });
    expect(await screen.findByText('signedOut')).toBeInTheDocument();
  });

  it("login refuses an answer without an access token: 'Login failed: no access token'", async () => {
    server().on('login', () => ({ data: { user: makeUser(), accessToken: '' } }));
    await expect(
      login(createTestQueryClient(), { email: 'ada@example.com', password: 'secret-pass' }),
    ).rejects.toThrow('Login failed: no access token');
  });
});
