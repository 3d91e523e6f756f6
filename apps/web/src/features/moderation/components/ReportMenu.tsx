import { reportReasons, type ReportReason } from '@kinora/contract';
import { useId, useState, type FormEvent } from 'react';
import { ActionsMenu } from '../../../components/ActionsMenu';
import { Button } from '../../../components/Button';
import { Dialog, DialogActions } from '../../../components/Dialog';
import { FormAlert } from '../../../components/form/FormAlert';
import { TextAreaField } from '../../../components/form/TextAreaField';
import type { ReportTarget } from '../../../components/moderation-extras';
import { useSession } from '../../../lib/auth';
import { moderationText, reasonLabels, reportContent } from '../api/moderation-api';
import { useDialogAction } from '../../../components/use-dialog-action';

/**
 * The small "More actions" menu beside a video, comment, tweet or channel, holding Report. Shown
 * to signed-in people on what is not theirs; opened, moved through and closed by keyboard.
 */
export function ReportMenu({ target }: { target: ReportTarget }) {
  const session = useSession();
  const [isReporting, setIsReporting] = useState(false);

  if (session.status !== 'signedIn' || session.user._id === target.ownerId) return null;

  return (
    <div className="relative inline-flex">
      <ActionsMenu
        label={`${moderationText.menu}: ${target.label}`}
        menuLabel={moderationText.menu}
        buttonClassName="size-8 text-fg-muted sm:size-9"
        iconSize={18}
        items={[
          { key: 'report', children: moderationText.report, onSelect: () => setIsReporting(true) },
        ]}
      />
      {isReporting ? <ReportDialog target={target} onClose={() => setIsReporting(false)} /> : null}
    </div>
  );
}

/** A reason from the list and, if one likes, a few words; the server refuses a second report. */
export function ReportDialog({ target, onClose }: { target: ReportTarget; onClose: () => void }) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const { isBusy, error, run } = useDialogAction();
  const legendId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return;
    const report = () =>
      reportContent({
        targetKind: target.targetKind,
        targetId: target.targetId,
        reason,
        details: details.trim(),
      });
    const text = { success: moderationText.sent, failure: moderationText.failed };
    if (await run(report, text)) onClose();
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
