import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

/** How wide a page's column may grow: the site's content width, or narrower for reading. */
const pageWidths = {
  content: 'max-w-content',
  '5xl': 'max-w-5xl',
  '4xl': 'max-w-4xl',
  '3xl': 'max-w-3xl',
} as const;

/**
 * The column a page stands in: centred, `width` at most, with the site's page padding; its
 * parts stack with `className`'s gap (gap-6 unless given).
 */
export function PageColumn({
  width = 'content',
  className,
  children,
}: {
  width?: keyof typeof pageWidths;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={cn(
        'mx-auto flex w-full flex-col gap-6 px-4 py-6 sm:px-6 lg:py-8',
        pageWidths[width],
        className,
      )}
    >
      {children}
    </div>
  );
}

/** A page's one h1, in the site's page-title type. */
export function PageTitle({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <h1 className={cn('text-2xl font-bold tracking-tight text-fg sm:text-3xl', className)}>
      {children}
    </h1>
  );
}

/** The page's title with the page's own controls beside it, wrapping below it on phones. */
export function PageHeader({
  title,
  className,
  children,
}: {
  title: ReactNode;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <header className={cn('flex flex-wrap items-center justify-between gap-4', className)}>
      <PageTitle>{title}</PageTitle>
      {children}
    </header>
  );
}
