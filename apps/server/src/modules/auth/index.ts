export { AuthRepository } from './auth.repository';
export { isLiveSession } from './live-session';
export {
  AuthService,
  type Credentials,
  type IssuedTokens,
  type SecondFactor,
  type SessionDevice,
  type SignInChallenge,
  type SignInOutcome,
} from './auth.service';
export { SessionAuthenticator } from './authenticator';
export { KnownDevices, accountKeyOf } from './known-devices';
export { LoginThrottle, defaultLoginThrottle, type LoginThrottleOptions } from './login-throttle';
export { SessionCache, type SessionRevocations } from './session-cache';
export { registerAuthRoutes } from './auth.routes';
export {
  accessCookie,
  refreshCookie,
  setSessionCookies,
  clearSessionCookies,
  type CookieSettings,
} from './session-cookies';
