import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionEvents, setAccessToken } from '../api';
import { withContractServer } from '../../testing/contract-server';
import { makeUser } from '../../testing/fixtures';
import { renderWithProviders } from '../../app/testing';
import { createTestQueryClient } from '../../testing/query-client';
import { login, logout, useSession } from './session';

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
    // A browser that held a session: the server's marker cookie is still there.
    document.cookie = 'signedIn=1; Path=/';
    localStorage.setItem('user', JSON.stringify({ _id: 'x', username: 'old' }));
    renderWithProviders(<SessionProbe />);
    await screen.findByText('signedOut');
    expect(server().requests.map((r) => r.name)).toEqual(['currentUser', 'refreshToken']);
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('is a visitor without asking the server when there is no token and no session marker', async () => {
    localStorage.setItem('user', JSON.stringify({ _id: 'x', username: 'old' }));
    renderWithProviders(<SessionProbe />);
    await screen.findByText('signedOut');
    expect(server().requests).toEqual([]);
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('asks who is signed in when only the access token is stored (no marker cookie)', async () => {
    setAccessToken('tok');
    server().on('currentUser', () => ({ data: makeUser({ username: 'ada' }) }));
    // The helper above gives the browser the marker; this test is about the token alone.
    document.cookie = 'signedIn=; Max-Age=0; Path=/';
    renderWithProviders(<SessionProbe />);
    await screen.findByText('in:ada');
    expect(server().requests.map((r) => r.name)).toEqual(['currentUser']);
  });

  it('forgets the marker cookie and the token when the session ends at sign-out', async () => {
    server().on('currentUser', () => ({ data: makeUser({ username: 'ada' }) }));
    setAccessToken('tok');
    const { queryClient } = renderWithProviders(<SessionProbe />);
    await screen.findByText('in:ada');
    expect(document.cookie).toContain('signedIn=1');
    await act(() => logout(queryClient));
    expect(document.cookie).not.toContain('signedIn=1');
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(await screen.findByText('signedOut')).toBeInTheDocument();
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
