import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/use-document-title';
import { VideoIcon } from './icons';

/**
 * An honest stand-in for a screen that a later release builds: its title and a plain note, no
 * invented content.
 */
export function ComingSoon({
  title,
  headingLevel = 1,
  children,
}: {
  title: string;
  /** 2 inside a page that has its own heading (a tab). */
  headingLevel?: 1 | 2;
  children?: ReactNode;
}) {
  useDocumentTitle(title);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className="mx-auto w-full max-w-content px-4 py-8 sm:px-6 lg:py-10">
      <Heading
        className={
          headingLevel === 1
            ? 'text-2xl font-bold tracking-tight text-fg sm:text-3xl'
            : 'text-xl font-semibold tracking-tight text-fg'
        }
      >
        {title}
      </Heading>
      {children}
      <div className="mt-6 flex flex-col items-center gap-3 rounded-lg border border-dashed border-border bg-surface px-6 py-12 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-accent-soft text-accent-text">
          <VideoIcon />
        </span>
        <p className="font-medium text-fg">This page is coming soon.</p>
        <p className="max-w-md text-sm text-fg-muted">
          It is part of an upcoming release of Kinora.
        </p>
      </div>
    </section>
  );
}
