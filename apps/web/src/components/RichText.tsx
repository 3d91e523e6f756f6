import { Fragment, useMemo } from 'react';
import { Link } from 'react-router';
import { parseRichText } from '../lib/rich-text';

const linkClasses = {
  /** On the page's own background: the accent's text colour. */
  accent: 'font-medium text-accent-text underline-offset-2 hover:underline focus-visible:underline',
  /** On a coloured bubble (one's own chat messages): its colour, underlined. */
  inherit: 'font-medium underline underline-offset-2',
} as const;

/**
 * Text someone wrote, with its web addresses as links that open apart and tell search engines
 * nothing (`noopener nofollow ugc`), its @usernames as links to their channels and, when
 * `onSeek` is given, its times (`1:23`, `1:02:03`) as buttons that move the player there. The
 * text is only ever text: React writes it escaped, and no part of it becomes markup.
 */
export function RichText({
  text,
  onSeek,
  tone = 'accent',
}: {
  text: string;
  tone?: keyof typeof linkClasses;
  /** Makes times live: called with the second a time names. */
  onSeek?: ((seconds: number) => void) | undefined;
}) {
  const linkClass = linkClasses[tone];
  const parts = useMemo(() => parseRichText(text, { times: onSeek !== undefined }), [text, onSeek]);
  return (
    <>
      {parts.map((part, i) => {
        switch (part.kind) {
          case 'link':
            return (
              <a
                key={i}
                href={part.href}
                target="_blank"
                rel="noopener nofollow ugc"
                // An address may be longer than a phone's line: it breaks anywhere.
                className={`${linkClass} break-all`}
              >
                {part.text}
              </a>
            );
          case 'mention':
            return (
              <Link key={i} to={`/c/${encodeURIComponent(part.username)}`} className={linkClass}>
                {part.text}
              </Link>
            );
          case 'time':
            return (
              <button
                key={i}
                type="button"
                onClick={() => onSeek?.(part.seconds)}
                aria-label={`Jump to ${part.text}`}
                className={`${linkClass} rounded-sm`}
              >
                {part.text}
              </button>
            );
          default:
            return <Fragment key={i}>{part.text}</Fragment>;
        }
      })}
    </>
  );
}
