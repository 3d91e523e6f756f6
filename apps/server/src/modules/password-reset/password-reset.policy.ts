/**
 * Who may set a password without knowing the old one: whoever holds a reset link of the
 * account that is neither used nor expired. The link is the proof; there is no actor.
 */
import { badRequest } from '../../platform/http/errors';

export interface PolicyResetLink {
  expiresAt: Date;
  usedAt: Date | null;
}

export function canResetPasswordWith(link: PolicyResetLink | null, now: Date): boolean {
  return link !== null && link.usedAt === null && link.expiresAt.getTime() > now.getTime();
}

export const resetLinkRefusal =
  'This reset link is not valid any more: it was used, it expired after an hour, or a newer one replaced it. Ask for a new one.';

export const resetLinkRefused = () =>
  badRequest(resetLinkRefusal, [{ field: 'token', message: resetLinkRefusal }]);

export function assertCanResetPasswordWith(link: PolicyResetLink | null, now: Date): void {
  if (!canResetPasswordWith(link, now)) throw resetLinkRefused();
}
