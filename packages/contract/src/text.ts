import { z } from 'zod';

/**
 * What counts as text a person wrote: `String.prototype.trim` leaves controls (U+0085) and
 * format characters (zero-width spaces, joiners, bidi marks) at the ends, and a text made only
 * of those, or of other characters that draw nothing (Hangul fillers, the blank Braille cell,
 * variation selectors), shows as an empty tweet or a nameless playlist. The server and the web
 * client trim and check with the same two functions.
 */

/** Spaces, controls and format characters: trimmed from both ends. */
const edges = /^[\p{White_Space}\p{Cc}\p{Cf}]+|[\p{White_Space}\p{Cc}\p{Cf}]+$/gu;
/** A character that draws something. */
const visible = /[^\p{White_Space}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/u;

/** The text without spaces, controls and format characters at either end. */
export function trimText(text: string): string {
  return text.replace(edges, '');
}

/** Whether the text holds a character that shows: what a required text field asks for. */
export function hasVisibleText(text: string): boolean {
  return visible.test(text);
}

/**
 * A required text field as people type it: trimmed of spaces and invisible characters, then
 * holding something that shows (`empty` otherwise), at most `max` characters.
 */
export function requiredText(
  messages: { required: string; empty: string; tooLong: string },
  max: number,
) {
  return z
    .string({ message: messages.required })
    .overwrite(trimText)
    .refine(hasVisibleText, messages.empty)
    .max(max, messages.tooLong);
}

/**
 * A required text field worded the usual way: '<label> is required', '<label> cannot be empty'
 * (unless `empty` words it otherwise) and '<label> must be at most <max> characters'.
 */
export function requiredTextField(
  label: string,
  max: number,
  { empty = `${label} cannot be empty` }: { empty?: string } = {},
) {
  return requiredText(
    {
      required: `${label} is required`,
      empty,
      tooLong: `${label} must be at most ${max} characters`,
    },
    max,
  );
}
