import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
import { Dialog, DialogActions } from '../../../components/Dialog';
import { FormAlert } from '../../../components/form/FormAlert';
import { TextField } from '../../../components/form/TextField';
import { moderationText, unbanUser } from '../api/moderation-api';
import { useReasonedAction } from '../hooks/use-reasoned-action';

/**
 * "Lift ban" where staff see a banned account (its reports, its entry in the audit log): asks
 * for a reason in a dialog before the account may sign in again and what the ban hid comes back.
 */
export function UnbanButton({ userId, username }: { userId: string; username?: string }) {
  const [isConfirming, setIsConfirming] = useState(false);
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setIsConfirming(true)}>
        {moderationText.unban}
      </Button>
      {isConfirming ? (
        <UnbanDialog
          userId={userId}
          {...(username ? { username } : {})}
          onClose={() => setIsConfirming(false)}
        />
      ) : null}
    </>
  );
}

function UnbanDialog({
  userId,
  username,
  onClose,
}: {
  userId: string;
  username?: string;
  onClose: () => void;
}) {
  const { reason, setReason, error, isBusy, run } = useReasonedAction();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const call = (why: string) => unbanUser(userId, why);
    if (await run(call, moderationText.unbanned)) onClose();
  };

  return (
    <Dialog title={moderationText.unbanTitle(username)} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <p className="text-fg">{moderationText.unbanConfirm}</p>
        <TextField
          label={moderationText.unbanReason}
          name="unban-reason"
          value={reason}
          maxLength={500}
          onChange={(event) => setReason(event.target.value)}
        />
        <FormAlert message={error} />
        <DialogActions onCancel={onClose}>
          <Button type="submit" disabled={isBusy}>
            {moderationText.unban}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
