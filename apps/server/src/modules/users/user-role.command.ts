import { parseArgs } from 'node:util';
import { isUserRole, userRoles, type UserRole } from '../../platform/auth/roles';
import type { Database } from '../../platform/db/client';
import type { DomainEvents } from '../../platform/events/domain-events';
import { UsersRepository } from './users.repository';

export const userRoleUsage = `Usage: npm run user:role -- --username <username> --role ${userRoles.join('|')}`;

/** A mistake in how the command was called: the usage line is the answer. */
export class UserRoleUsageError extends Error {}

export function parseUserRoleArgs(args: readonly string[]): { username: string; role: UserRole } {
  let values: { username?: string | undefined; role?: string | undefined };
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: { username: { type: 'string' }, role: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UserRoleUsageError(`${(error as Error).message}\n${userRoleUsage}`);
  }
  const { username, role } = values;
  if (!username || !role) throw new UserRoleUsageError(userRoleUsage);
  if (!isUserRole(role)) {
    throw new UserRoleUsageError(`Unknown role "${role}".\n${userRoleUsage}`);
  }
  // Usernames are stored in lower case (the register call's schema makes them so).
  return { username: username.trim().toLowerCase(), role };
}

/**
 * `npm run user:role`: grants a role to the user with this username. It is an operator's
 * command, run on the server with the database's own credentials, so no permission rule applies.
 * A change is told as `user.roleChanged` through `events` (the command relays it to the running
 * API processes when Redis is configured), so each reads the new role on the person's next call;
 * a process that is not told reads it when it next checks their token (decision 0056).
 * Answers the line to print; throws when no such user exists.
 */
export async function grantUserRole(
  { username, role }: { username: string; role: UserRole },
  db: Database,
  events?: DomainEvents,
): Promise<string> {
  const changed = await new UsersRepository(db).setRoleByUsername(username, role);
  if (!changed) throw new Error(`No user is called "${username}".`);
  if (changed.previousRole === role) return `${username} already has the role ${role}.`;
  events?.emit('user.roleChanged', { userId: changed.id });
  return `${username} is now ${role} (was ${changed.previousRole}).`;
}
