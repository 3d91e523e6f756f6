import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Button } from './Button';
import { AlertTriangleIcon } from './icons';

export type StatusPanelTone = 'neutral' | 'error';

/**
 * The box a list shows instead of its items: empty ('No Videos Yet'), failed ('Connection
 * Error') or not found. Says what happened and, through `children`, what to do next.
 */
export function StatusPanel({
  title,
  description,
  icon,
  tone = 'neutral',
  headingLevel = 2,
  children,
  className,
}: {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  tone?: StatusPanelTone;
  /** 1 when the panel is the whole page (nothing else carries a heading). */
  headingLevel?: 1 | 2 | 3;
  /** Actions: links or buttons. */
  children?: ReactNode;
  className?: string;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <section
      role={tone === 'error' ? 'alert' : undefined}
      className={cn(
        'flex flex-col items-center gap-3 rounded-lg border px-6 py-12 text-center',
        tone === 'error' ? 'border-danger/40 bg-surface' : 'border-dashed border-border bg-surface',
        className,
      )}
    >
      {icon ? (
        <span
          className={cn(
            'flex size-14 items-center justify-center rounded-full',
            tone === 'error' ? 'bg-danger-soft text-danger' : 'bg-accent-soft text-accent-text',
          )}
        >
          {icon}
        </span>
      ) : null}
      <Heading
        className={cn(
          'font-bold tracking-tight text-fg',
          headingLevel === 1 ? 'text-2xl' : 'text-xl',
        )}
      >
        {title}
      </Heading>
      {description ? <p className="max-w-md text-fg-muted">{description}</p> : null}
      {children ? (
        <div className="mt-2 flex flex-wrap items-center justify-center gap-2">{children}</div>
      ) : null}
    </section>
  );
}

/**
 * A list that could not load: the error panel, and 'Try Again', which loads it again (held
 * while it does).
 */
export function RetryPanel({
  title,
  description = 'Check your connection and try again.',
  query,
}: {
  title: string;
  description?: string;
  query: { refetch: () => unknown; isFetching: boolean };
}) {
  return (
    <StatusPanel
      tone="error"
      icon={<AlertTriangleIcon size={26} />}
      title={title}
      description={description}
    >
      <Button onClick={() => void query.refetch()} disabled={query.isFetching}>
        Try Again
      </Button>
    </StatusPanel>
  );
}
