import { reportReasons, type ReportReason } from '@kinora/contract';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button, IconButton } from '../../../components/Button';
import { Dialog, DialogActions } from '../../../components/Dialog';
import { FormAlert } from '../../../components/form/FormAlert';
import { TextAreaField } from '../../../components/form/TextAreaField';
import { Icon, type IconProps } from '../../../components/icons';
import type { ReportTarget } from '../../../components/moderation-extras';
import { useToast } from '../../../components/toast';
import { messageOf } from '../../../lib/api';
import { useSession } from '../../../lib/auth';
import { usePopupDismiss } from '../../../lib/use-popup-dismiss';
import { moderationText, reasonLabels, reportContent } from '../api/moderation-api';

const MoreIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="5" r="1" />
    <circle cx="12" cy="12" r="1" />
    <circle cx="12" cy="19" r="1" />
  </Icon>
);

/**
 * The small "More actions" menu beside a video, comment, tweet or channel, holding Report. Shown
 * to signed-in people on what is not theirs; opened, moved through and closed by keyboard.
 */
export function ReportMenu({ target }: { target: ReportTarget }) {
  const session = useSession();
  const [isOpen, setIsOpen] = useState(false);
  const [isReporting, setIsReporting] = useState(false);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  usePopupDismiss({ isOpen, setIsOpen, wrapperRef, buttonRef });

  if (session.status !== 'signedIn' || session.user._id === target.ownerId) return null;

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const items = [
      ...(wrapperRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []),
    ];
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      items[(index + step + items.length) % items.length]?.focus();
    }
  };

  return (
    <div ref={wrapperRef} className="relative inline-flex">
      <IconButton
        ref={buttonRef}
        label={`${moderationText.menu}: ${target.label}`}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        className="size-8 text-fg-muted sm:size-9"
        onClick={() => setIsOpen((open) => !open)}
      >
        <MoreIcon size={18} />
      </IconButton>
      {isOpen ? (
        <div
          id={menuId}
          role="menu"
          aria-label={moderationText.menu}
          onKeyDown={onMenuKeyDown}
          className="absolute top-full right-0 z-30 mt-1 flex w-44 flex-col rounded-md border border-border bg-surface py-1 shadow-pop"
        >
          <button
            type="button"
            role="menuitem"
            // The menu's one item takes the focus as it opens.
            ref={(item) => item?.focus()}
            className="px-4 py-2 text-left text-sm text-fg hover:bg-raised focus-visible:bg-raised"
            onClick={() => {
              setIsOpen(false);
              setIsReporting(true);
            }}
          >
            {moderationText.report}
          </button>
        </div>
      ) : null}
      {isReporting ? <ReportDialog target={target} onClose={() => setIsReporting(false)} /> : null}
    </div>
  );
}

/** A reason from the list and, if one likes, a few words; the server refuses a second report. */
export function ReportDialog({ target, onClose }: { target: ReportTarget; onClose: () => void }) {
  const toast = useToast();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const legendId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return;
    setIsBusy(true);
    setError(null);
    try {
      await reportContent({
        targetKind: target.targetKind,
        targetId: target.targetId,
        reason,
        details: details.trim(),
      });
      toast.success(moderationText.sent);
      onClose();
    } catch (failure) {
      setError(messageOf(failure, moderationText.failed));
      setIsBusy(false);
    }
  };

  return (
    <Dialog title={moderationText.reportTitle(target.label)} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <fieldset aria-labelledby={legendId} className="flex flex-col gap-1">
          <legend id={legendId} className="mb-1 text-sm font-medium text-fg">
            {moderationText.reasonLegend}
          </legend>
          {reportReasons.map((value) => (
            <label
              key={value}
              className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-1.5 text-sm text-fg hover:bg-raised"
            >
              <input
                type="radio"
                name="reason"
                value={value}
                checked={reason === value}
                onChange={() => setReason(value)}
                className="size-4 accent-accent"
              />
              {reasonLabels[value]}
            </label>
          ))}
        </fieldset>
        <TextAreaField
          label={moderationText.detailsLabel}
          name="details"
          rows={3}
          maxLength={1000}
          value={details}
          onChange={(event) => setDetails(event.target.value)}
        />
        <FormAlert message={error} />
        <DialogActions onCancel={onClose}>
          <Button type="submit" disabled={isBusy || !reason}>
            {moderationText.submit}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
