import type { ModerationNotice as Notice } from '@kinora/contract';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

/** The words of a notice, for screens and tests alike. */
export const moderationNoticeText = {
  hidden: (reason: string | null) =>
    reason ? `Hidden by a moderator: ${reason}` : 'Hidden by a moderator',
  hiddenHint: 'Only you can see it.',
  held: 'Held for approval: it contains a watched word.',
  heldHint: 'Only its author and the channel owner can see it until it is approved.',
} as const;

/**
 * Why a video, comment or tweet is out of others' sight, shown to the few who still see it
 * (its owner, a held comment's channel owner, staff). Nothing for what everyone sees.
 */
export function ModerationNotice({
  notice,
  className,
  children,
}: {
  notice: Notice | undefined;
  className?: string;
  /** Actions beside the words (Approve and Reject for a held item). */
  children?: ReactNode;
}) {
  if (!notice) return null;
  const isHidden = notice.state === 'hidden';
  return (
    <div
      role="note"
      className={cn(
        'flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border px-3 py-2 text-sm text-fg',
        isHidden ? 'border-danger/40 bg-danger-soft' : 'border-warning/40 bg-warning-soft',
        className,
      )}
    >
      <p className="min-w-0 flex-1">
        <span className="font-medium">
          {isHidden ? moderationNoticeText.hidden(notice.reason) : moderationNoticeText.held}
        </span>{' '}
        <span className="text-fg-muted">
          {isHidden ? moderationNoticeText.hiddenHint : moderationNoticeText.heldHint}
        </span>
      </p>
      {children}
    </div>
  );
}
