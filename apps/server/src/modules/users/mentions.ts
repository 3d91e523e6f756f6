import { mentionedUsernames } from '@kinora/contract';
import { badRequest } from '../../platform/http/errors';

/**
 * Every @name a comment or tweet writes must be someone's: a mistyped name is refused with the
 * text's field named, not kept as a mention of nobody. `unknownOf` says which names no account
 * holds (the module's repository, over `unknownUsernames`).
 */
export async function assertMentionsExist(
  content: string,
  maxLength: number,
  unknownOf: (usernames: string[]) => Promise<string[]>,
): Promise<void> {
  const [unknown] = await unknownOf(mentionedUsernames(content, maxLength));
  if (unknown) {
    const message = `Nobody is called @${unknown}`;
    throw badRequest(message, [{ field: 'content', message }]);
  }
}
