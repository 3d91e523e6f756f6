import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

/**
 * A tab's content (the profile area's Videos, Tweets, Subscribers, Requests) under its own h2,
 * with the tab's controls (`actions`) beside the heading, in the tabs' padding.
 */
export function TabSection({
  id,
  title,
  actions,
  className,
  children,
}: {
  id: string;
  title: string;
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const heading = (
    <h2 id={id} className="text-xl font-bold tracking-tight text-fg">
      {title}
    </h2>
  );
  return (
    <section
      aria-labelledby={id}
      className={cn('flex flex-col gap-5 px-4 pt-6 sm:px-0', className)}
    >
      {actions ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          {heading}
          {actions}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
