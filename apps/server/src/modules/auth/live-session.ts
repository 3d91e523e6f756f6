import { and, gt, isNull, sql } from 'drizzle-orm';
import { sessions } from '../../platform/db/schema';

/** The condition on `sessions` of one still in use: neither ended (signed out, revoked) nor expired. */
export function isLiveSession() {
  return and(isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`));
}
