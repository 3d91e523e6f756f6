import type { ElementType, ReactNode } from 'react';
import { cn } from '../../../lib/cn';

/**
 * One card of a channel's analytics: a section named by its heading, at the level the page
 * decides (`Heading`: h2 on the page, h3 in the profile's tab). `className` sets the gap.
 */
export function AnalyticsCard({
  id,
  title,
  Heading,
  className,
  children,
}: {
  id: string;
  title: string;
  Heading: ElementType;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={cn(
        'flex flex-col gap-4 rounded-lg border border-border bg-surface p-5',
        className,
      )}
    >
      <Heading id={id} className="text-lg font-semibold tracking-tight">
        {title}
      </Heading>
      {children}
    </section>
  );
}
