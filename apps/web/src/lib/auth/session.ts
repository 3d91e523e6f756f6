import type {
  CompleteTwoFactorLoginBody,
  CurrentUser,
  LoginBody,
  RegisterFields,
  TwoFactorChallenge,
} from '@kinora/contract';
import {
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  api,
  isApiError,
  mayHoldSession,
  sessionEvents,
  sessionStorageKeys,
  type ApiError,
} from '../api';
import { forgetUser, rememberUser, storedUserKey } from './stored-user';
import { PROFILE_UPDATED_STORAGE_KEY } from './profile-events';

/** The one query that knows who is signed in. */
export const sessionQueryKey = ['session'] as const satisfies QueryKey;

export type Session =
  | { status: 'loading'; user: null }
  | { status: 'signedIn'; user: CurrentUser }
  | {
      status: 'signedOut';
      user: null;
      /**
       * Why no user: null when there is no session (the server said so), else the failed check
       * (no answer, a 5xx, the account gone), for the screens that say their profile could not
       * be loaded rather than treat the person as a visitor.
       */
      failure: unknown;
    };

/**
 * The current user, or null when there is no session; any other failure of the check throws. A
 * browser without a session (no token, no marker cookie) is a visitor without asking.
 */
async function fetchSessionUser(): Promise<CurrentUser | null> {
  if (!mayHoldSession()) {
    forgetUser();
    return null;
  }
  try {
    const user = await api('currentUser');
    rememberUser(user);
    return user;
  } catch (error) {
    if (!isApiError(error) || error.status !== 401) throw error;
    forgetUser();
    return null;
  }
}

/**
 * Who is signed in: `loading` until the first check answers, then `signedIn` or `signedOut`.
 * Any failure of the check means signed out (the next screen that asks checks again).
 */
export function useSession(): Session {
  const query = useQuery({
    queryKey: sessionQueryKey,
    queryFn: fetchSessionUser,
    staleTime: 5 * 60_000,
    retry: false,
  });
  if (query.isPending) return { status: 'loading', user: null };
  if (query.isError) return { status: 'signedOut', user: null, failure: query.error };
  return query.data
    ? { status: 'signedIn', user: query.data }
    : { status: 'signedOut', user: null, failure: null };
}

const isSessionQuery = (query: { queryKey: QueryKey }) => query.queryKey[0] === sessionQueryKey[0];

/** Makes `user` the signed-in user and drops what was cached for the previous visitor. */
function startSession(queryClient: QueryClient, user: CurrentUser): void {
  rememberUser(user);
  queryClient.setQueryData(sessionQueryKey, user);
  void queryClient.invalidateQueries({ predicate: (q) => !isSessionQuery(q) });
}

function endSession(queryClient: QueryClient): void {
  forgetUser();
  queryClient.setQueryData(sessionQueryKey, null);
  queryClient.removeQueries({ predicate: (q) => !isSessionQuery(q) });
}

/** Replaces the cached signed-in user after a profile change (the server answered the new one). */
export function replaceSessionUser(queryClient: QueryClient, user: CurrentUser): void {
  rememberUser(user);
  queryClient.setQueryData(sessionQueryKey, user);
}

/**
 * Signs in; answers the user, or the challenge of an account with two-factor sign-in on (the
 * password was right; `completeTwoFactorLogin` takes the code).
 */
export async function login(
  queryClient: QueryClient,
  credentials: LoginBody,
): Promise<{ user: CurrentUser } | { challenge: TwoFactorChallenge }> {
  let result;
  try {
    result = await api('login', { body: credentials });
  } catch (error) {
    const challenge = isApiError(error) ? challengeIn(error) : null;
    if (challenge) return { challenge };
    throw error;
  }
  if (!result?.accessToken) throw new Error('Login failed: no access token');
  startSession(queryClient, result.user);
  return { user: result.user };
}

/** The challenge a TWO_FACTOR_REQUIRED refusal carries (checked by hand: no zod in the shell). */
function challengeIn(error: ApiError): TwoFactorChallenge | null {
  if (error.code !== 'TWO_FACTOR_REQUIRED') return null;
  const { challengeToken, expiresInSeconds } = error.data ?? {};
  return typeof challengeToken === 'string' && typeof expiresInSeconds === 'number'
    ? { challengeToken, expiresInSeconds }
    : null;
}

/** The second step of a sign-in with two-factor on: the code, then the session. */
export async function completeTwoFactorLogin(
  queryClient: QueryClient,
  body: CompleteTwoFactorLoginBody,
) {
  const result = await api('completeTwoFactorLogin', { body });
  if (!result?.accessToken) throw new Error('Login failed: no access token');
  startSession(queryClient, result.user);
  return result.user;
}

export interface RegisterInput {
  fields: RegisterFields;
  avatar: File;
  coverImage?: File | null;
}

export async function register(queryClient: QueryClient, input: RegisterInput) {
  const result = await api('register', {
    body: input.fields,
    files: { avatar: input.avatar, coverImage: input.coverImage },
  });
  if (!result?.accessToken) throw new Error('Account creation failed: no access token');
  startSession(queryClient, result.user);
  return result.user;
}

/** Signs out here even when the server cannot be reached (the token is always removed). */
export async function logout(queryClient: QueryClient): Promise<void> {
  try {
    await api('logout');
  } catch {
    // The local session ends regardless; the server session expires on its own.
  } finally {
    endSession(queryClient);
  }
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (credentials: LoginBody) => login(queryClient, credentials) });
}

export function useCompleteTwoFactorLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompleteTwoFactorLoginBody) => completeTwoFactorLogin(queryClient, body),
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (input: RegisterInput) => register(queryClient, input) });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => logout(queryClient) });
}

/**
 * Keeps the session current: signed out at once when the API could not renew it, and checked
 * again when another tab signs in or out or edits the profile. Mounted once by the app.
 */
export function useSessionSync(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onExpired = () => {
      if (queryClient.getQueryData(sessionQueryKey)) endSession(queryClient);
    };
    const watched = new Set([...sessionStorageKeys, storedUserKey, PROFILE_UPDATED_STORAGE_KEY]);
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || watched.has(event.key)) {
        void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      }
    };
    sessionEvents.addEventListener('expired', onExpired);
    window.addEventListener('storage', onStorage);
    return () => {
      sessionEvents.removeEventListener('expired', onExpired);
      window.removeEventListener('storage', onStorage);
    };
  }, [queryClient]);
}
