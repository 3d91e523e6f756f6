/**
 * Set on the answer of a public call that carried an access token the server did not accept
 * (expired, forged, or of an ended session). The call was answered as a visitor's; the value is
 * always `invalid`. A client that holds a session renews it (refresh, then repeat the call);
 * the session calls themselves (login, register, refresh-token, logout) never set it.
 * Calls that need a user answer 401 to such a token instead (decision 0004).
 */
export const authStatusHeader = 'X-Auth-Status';
export const authStatusInvalid = 'invalid';

/**
 * A cookie the server sets beside the httpOnly session cookies, readable by scripts and holding
 * no secret (its value is `1`): the browser has a session worth asking about. Without it (and
 * without a stored access token) the web app knows it serves a visitor and never calls
 * current-user or refresh-token to find out. It lives as long as the refresh token and is
 * cleared with the session cookies.
 */
export const sessionMarkerCookie = 'signedIn';
