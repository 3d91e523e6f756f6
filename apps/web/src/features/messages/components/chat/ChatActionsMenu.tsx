import type { Person } from '@kinora/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ActionsMenu } from '../../../../components/ActionsMenu';
import { Button } from '../../../../components/Button';
import { Dialog, DialogActions } from '../../../../components/Dialog';
import { FormAlert } from '../../../../components/form/FormAlert';
import { TextAreaField } from '../../../../components/form/TextAreaField';
import { blockUser, chatKeys, chatText, reportConversation } from '../../api/chat-api';
import { useDialogAction } from '../../../../components/use-dialog-action';

/** Safety in the chat header: block the other person, or report the conversation. */
export function ChatActionsMenu({
  conversationId,
  participant,
}: {
  conversationId: string;
  participant: Pick<Person, '_id' | 'username'>;
}) {
  const [dialog, setDialog] = useState<'block' | 'report' | null>(null);

  return (
    <div className="relative">
      <ActionsMenu
        label={chatText.actions}
        menuClassName="w-56"
        items={[
          {
            key: 'block',
            children: `${chatText.block} ${participant.username}`,
            tone: 'danger',
            onSelect: () => setDialog('block'),
          },
          { key: 'report', children: chatText.report, onSelect: () => setDialog('report') },
        ]}
      />
      {dialog === 'block' ? (
        <BlockDialog participant={participant} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'report' ? (
        <ReportDialog conversationId={conversationId} onClose={() => setDialog(null)} />
      ) : null}
    </div>
  );
}

function BlockDialog({
  participant,
  onClose,
}: {
  participant: Pick<Person, '_id' | 'username'>;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { isBusy, error, run } = useDialogAction();

  const confirm = async () => {
    const text = { success: chatText.blocked(participant.username), failure: chatText.blockFailed };
    if (await run(() => blockUser(participant._id), text)) {
      void queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
      navigate('/messages/conversations');
    }
  };

  return (
    <Dialog title={`${chatText.block} ${participant.username}`} onClose={onClose}>
      <p className="text-fg">{chatText.blockConfirm(participant.username)}</p>
      <FormAlert message={error} className="mt-4" />
      <DialogActions onCancel={onClose} className="mt-5">
        <Button variant="danger" onClick={() => void confirm()} disabled={isBusy}>
          {chatText.block}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function ReportDialog({
  conversationId,
  onClose,
}: {
  conversationId: string;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const { isBusy, error, run } = useDialogAction();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return;
    const text = { success: chatText.reportSent, failure: chatText.reportFailed };
    if (await run(() => reportConversation(conversationId, reason.trim()), text)) onClose();
  };

  return (
    <Dialog title={chatText.report} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
        <TextAreaField
          label={chatText.reportReason}
          name="reason"
          rows={4}
          maxLength={1000}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <p className="text-sm text-fg-muted">{chatText.reportHint}</p>
        <FormAlert message={error} />
        <DialogActions onCancel={onClose}>
          <Button type="submit" disabled={isBusy || !reason.trim()}>
            {chatText.reportSubmit}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
