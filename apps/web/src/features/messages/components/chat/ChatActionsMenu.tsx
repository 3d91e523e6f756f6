import type { Person } from '@kinora/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ActionsMenu } from '../../../../components/ActionsMenu';
import { Button } from '../../../../components/Button';
import { Dialog, DialogActions } from '../../../../components/Dialog';
import { FormAlert } from '../../../../components/form/FormAlert';
import { TextAreaField } from '../../../../components/form/TextAreaField';
import { useToast } from '../../../../components/toast';
import { messageOf } from '../../../../lib/api';
import { blockUser, chatKeys, chatText, reportConversation } from '../../api/chat-api';

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
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setIsBusy(true);
    setError(null);
    try {
      await blockUser(participant._id);
      toast.success(chatText.blocked(participant.username));
      void queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
      navigate('/messages/conversations');
    } catch (failure) {
      setError(messageOf(failure, chatText.blockFailed));
      setIsBusy(false);
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
  const toast = useToast();
  const [reason, setReason] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return;
    setIsBusy(true);
    setError(null);
    try {
      await reportConversation(conversationId, reason.trim());
      toast.success(chatText.reportSent);
      onClose();
    } catch (failure) {
      setError(messageOf(failure, chatText.reportFailed));
      setIsBusy(false);
    }
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
