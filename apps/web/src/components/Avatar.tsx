import { useState } from 'react';
import { cn } from '../lib/cn';
import { Link } from 'react-router';

const sizes = {
  sm: 'size-8 text-sm',
  md: 'size-10 text-base',
  lg: 'size-16 text-2xl',
  xl: 'size-24 text-4xl',
} as const;

/** The generated avatar's fixed indigo; white initials on it pass WCAG AA (6.3:1). */
export const initialsBackground = '#4f46e5';

/**
 * Up to two initials of a name: 'Ada Lovelace' → 'AL', 'grace_hopper' → 'GH', 'ada' → 'A'.
 * Made here, never by an external service (the page's CSP and people's privacy forbid one).
 */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/[\s._-]+/)
    .filter(Boolean);
  const letters = words.slice(0, 2).map((word) => Array.from(word)[0] ?? '');
  return letters.join('').toUpperCase() || '?';
}

export interface AvatarProps {
  /** Image URL or path; when missing or failing to load, generated initials show instead. */
  src: string | null | undefined;
  /** Username (or name) whose initials are the fallback. */
  name: string;
  size?: keyof typeof sizes;
  /** Text alternative; empty (decorative) by default because a nearby label names the user. */
  alt?: string;
  className?: string;
}

export function Avatar({ src, name, size = 'md', alt = '', className }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = Boolean(src) && failedSrc !== src;
  const initials = initialsOf(name);

  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full font-semibold',
        sizes[size],
        className,
      )}
    >
      {showImage ? (
        <img
          src={src ?? undefined}
          alt={alt}
          className="size-full object-cover"
          onError={() => setFailedSrc(src ?? null)}
        />
      ) : (
        // An element, not an image URL: nothing to fetch, and it scales with the box.
        <svg
          viewBox="0 0 40 40"
          className="size-full"
          role={alt ? 'img' : undefined}
          aria-label={alt || undefined}
          aria-hidden={alt ? undefined : true}
          data-testid="avatar-initial"
        >
          <rect width="40" height="40" fill={initialsBackground} />
          <text
            x="50%"
            y="50%"
            dy="0.35em"
            textAnchor="middle"
            fill="#ffffff"
            fontSize={initials.length > 1 ? 15 : 18}
            fontWeight={600}
            fontFamily="system-ui, sans-serif"
          >
            {initials}
          </text>
        </svg>
      )}
    </span>
  );
}

/**
 * An avatar linked to its channel for pointers only: the name beside it is the link in the tab
 * order, so this one is hidden from keyboards and screen readers.
 */
export function AvatarLink({ to, ...avatar }: AvatarProps & { to: string }) {
  return (
    <Link to={to} tabIndex={-1} aria-hidden="true" className="shrink-0 rounded-full">
      <Avatar {...avatar} />
    </Link>
  );
}
