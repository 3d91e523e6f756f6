import { twMerge } from 'tailwind-merge';

/**
 * Joins the truthy class names: `cn('a', isOn && 'b')`. Of two classes that set the same thing
 * (`text-fg` and a caller's `text-danger`, `h-11` and `h-9`) the later wins, as a caller's
 * `className` is meant to; plain joining left it to the order of Tailwind's stylesheet.
 */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return twMerge(classes.filter(Boolean).join(' '));
}
