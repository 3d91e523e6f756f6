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

export function clearAccessToken(): void {
  const store = storage();
  store?.removeItem(TOKEN_KEY);
  store?.removeItem(LEGACY_TOKEN_KEY);
}

/** Storage keys whose change in another tab means the session changed there. */
export const sessionStorageKeys: readonly string[] = [TOKEN_KEY, LEGACY_TOKEN_KEY];
