import type { ReactNode } from 'react';
import { UploadLink } from '../../../components/UploadLink';

/** What a dashboard panel shows while the channel has no video: what goes there, and the way to upload. */
export function UploadPrompt({
  icon,
  title,
  description,
  action,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  /** The upload link's words. */
  action: string;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-border bg-surface px-6 py-12 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-accent-soft text-accent-text">
        {icon}
      </span>
      <p className="font-medium text-fg">{title}</p>
      <p className="max-w-sm text-sm text-fg-muted">{description}</p>
      <UploadLink className="mt-1">{action}</UploadLink>
    </div>
  );
}
