import type { Database } from '../../platform/db/client';
import { PasswordResetRepository } from './password-reset.repository';
import { ResetLinks } from './reset-links';

export const resetLinkUsage = 'Usage: npm run user:reset-link -- <email|username>';

/**
 * `npm run user:reset-link`: prints a reset link for the account with this email or username,
 * for servers that send no mail (or a person whose mail does not arrive). An operator's
 * command, run with the database's own credentials, so no permission rule applies. Answers the
 * text to print; throws when no account matches.
 */
export async function createResetLinkCommand(
  args: readonly string[],
  { db, publicUrl, serverSecret }: { db: Database; publicUrl: string; serverSecret: string },
): Promise<string> {
  const positional = args.filter((a) => a !== '--');
  if (positional.length !== 1 || positional[0]!.startsWith('-')) throw new Error(resetLinkUsage);
  const who = positional[0]!.trim().toLowerCase();
  const repo = new PasswordResetRepository(db);
  const account = await repo.findAccount(who);
  if (!account) throw new Error(`No account has the email or username "${who}".`);
  const link = await new ResetLinks(repo, { publicUrl, serverSecret }).create(account);
  return `Reset link for ${account.username} (works once, for an hour):\n${link}`;
}
