import { limits } from './limits';

/**
 * `@name` after the start or a character that cannot be part of an address or a name: one
 * pattern for the web, which links the names, and the server, which tells the people named
 * (issue 21 items 1 and 4). Its group is the name; a trailing dot ends a sentence, not a name.
 */
export const mentionSource = String.raw`(?<![\w.@/])@([a-zA-Z0-9_.]{${limits.username.min},${limits.username.max}})`;

/** The usernames a text names, each once, lower-cased, in order, at most `max` of them. */
export function mentionedUsernames(text: string, max: number): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(new RegExp(mentionSource, 'g'))) {
    const name = match[1]!.replace(/\.+$/, '').toLowerCase();
    if (name.length >= limits.username.min) names.add(name);
    if (names.size === max) break;
  }
  return [...names];
}
