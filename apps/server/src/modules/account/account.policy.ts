/**
 * Who may do what to an account and its sessions. Each is the person's own: nobody else, staff
 * included, may list, end, export or delete them (decision 0013's "look, not touch" does not
 * reach private data). Another person's session is answered as not found, so its id says
 * nothing.
 */
import type { Viewer } from '../../platform/auth/roles';
import { forbidden, notFound } from '../../platform/http/errors';

export interface PolicySession {
  userId: string;
}

export function canSeeSessions(viewer: Viewer | null, accountId: string): boolean {
  return viewer?.userId === accountId;
}

export function canEndSession(viewer: Viewer | null, session: PolicySession | null): boolean {
  return session !== null && viewer?.userId === session.userId;
}

export function canExportAccount(viewer: Viewer | null, accountId: string): boolean {
  return viewer?.userId === accountId;
}

export function canDeleteAccount(viewer: Viewer | null, accountId: string): boolean {
  return viewer?.userId === accountId;
}

export function assertCanEndSession(
  viewer: Viewer,
  session: PolicySession | null,
): asserts session is PolicySession {
  if (!canEndSession(viewer, session)) throw notFound('Session');
}

export function assertCanSeeSessions(viewer: Viewer, accountId: string): void {
  if (!canSeeSessions(viewer, accountId)) throw forbidden('Only its owner sees these sessions');
}

export function assertCanExportAccount(viewer: Viewer, accountId: string): void {
  if (!canExportAccount(viewer, accountId))
    throw forbidden('Only its owner can export this account');
}

export function assertCanDeleteAccount(viewer: Viewer, accountId: string): void {
  if (!canDeleteAccount(viewer, accountId))
    throw forbidden('Only its owner can delete this account');
}
