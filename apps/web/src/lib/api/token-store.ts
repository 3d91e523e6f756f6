import { sessionMarkerCookie } from '@kinora/contract';

/**
 * The bearer access token lives in localStorage under `accessToken` (the spec's client also
 * reads `token`). The httpOnly cookies the server sets carry the same session; the header is
 * what non-cookie clients and the socket handshake use.
 */
const TOKEN_KEY = 'accessToken';
const LEGACY_TOKEN_KEY = 'token';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // Storage can be disabled (privacy modes); the cookies still carry the session.
  }
}

export function getAccessToken(): string | null {
  const store = storage();
  return store?.getItem(TOKEN_KEY) || store?.getItem(LEGACY_TOKEN_KEY) || null;
}

export function setAccessToken(token: string): void {
  const store = storage();
  store?.setItem(TOKEN_KEY, token);
  store?.removeItem(LEGACY_TOKEN_KEY);
}

/** Ends the session on this device: the stored token and the marker that a session exists. */
export function clearAccessToken(): void {
  const store = storage();
  store?.removeItem(TOKEN_KEY);
  store?.removeItem(LEGACY_TOKEN_KEY);
  // The server clears the marker too; this covers a sign-out it never heard of.
  if (typeof document !== 'undefined') {
    document.cookie = `${sessionMarkerCookie}=; Max-Age=0; Path=/; SameSite=Lax`;
  }
}

/**
 * Whether this browser may hold a session: a stored access token, or the marker cookie the
 * server sets beside its httpOnly session cookies. Without either it serves a visitor, and
 * asking the server who is signed in would only meet a 401 (and a failed refresh).
 */
export function mayHoldSession(): boolean {
  if (getAccessToken()) return true;
  if (typeof document === 'undefined') return false;
  return document.cookie.split(';').some((pair) => pair.trim() === `${sessionMarkerCookie}=1`);
}

/** Storage keys whose change in another tab means the session changed there. */
export const sessionStorageKeys: readonly string[] = [TOKEN_KEY, LEGACY_TOKEN_KEY];
