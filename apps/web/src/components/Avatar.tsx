import { useState } from 'react';
import { cn } from '../lib/cn';

const sizes = {
  sm: 'size-8 text-sm',
  md: 'size-10 text-base',
  lg: 'size-16 text-2xl',
  xl: 'size-24 text-4xl',
} as const;

export interface AvatarProps {
  /** Image URL or path; when missing or failing to load the name's initial shows instead. */
  src: string | null | undefined;
  /** Username (or name) whose first letter is the fallback. */
  name: string;
  size?: keyof typeof sizes;
  /** Text alternative; empty (decorative) by default because a nearby label names the user. */
  alt?: string;
  className?: string;
}

export function Avatar({ src, name, size = 'md', alt = '', className }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = Boolean(src) && failedSrc !== src;
  const initial = name.trim().charAt(0).toUpperCase() || '?';

  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-accent-soft font-semibold text-accent-text',
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
        <span aria-hidden={alt ? undefined : true} data-testid="avatar-initial">
          {initial}
        </span>
      )}
    </span>
  );
}
