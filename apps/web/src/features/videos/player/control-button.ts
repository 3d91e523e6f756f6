/** A round control of the player's bar; the player is always dark, so fg is light on it. */
export const controlButtonClass =
  'inline-flex size-9 shrink-0 items-center justify-center rounded-full text-fg transition-colors hover:bg-fg/15 disabled:opacity-50 sm:size-10';
