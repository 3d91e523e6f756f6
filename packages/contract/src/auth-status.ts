/**
 * Set on the answer of a public call that carried an access token the server did not accept
 * (expired, forged, or of an ended session). The call was answered as a visitor's; the value is
 * always `invalid`. A client that holds a session renews it (refresh, then repeat the call);
 * the session calls themselves (login, register, refresh-token, logout) never set it.
 * Calls that need a user answer 401 to such a token instead (decision 0004).
 */
export const authStatusHeader = 'X-Auth-Status';
export const authStatusInvalid = 'invalid';
