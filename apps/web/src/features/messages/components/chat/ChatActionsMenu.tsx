import type { Person } from '@kinora/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button, IconButton } from '../../../../components/Button';
import { Dialog, DialogActions } from '../../../../components/Dialog';
import { FormAlert } from '../../../../components/form/FormAlert';
import { TextAreaField } from '../../../../components/form/TextAreaField';
import { Icon, type IconProps } from '../../../../components/icons';
import { useToast } from '../../../../components/toast';
import { messageOf } from '../../../../lib/api';
import { blockUser, chatKeys, chatText, reportConversation } from '../../api/chat-api';

const MoreIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="5" r="1" />
    <circle cx="12" cy="12" r="1" />
    <circle cx="12" cy="19" r="1" />
  </Icon>
);

/** Safety in the chat header: block the other person, or report the conversation. */
export function ChatActionsMenu({
  conversationId,
  participant,
}: {
  conversationId: string;
  participant: Pick<Person, '_id' | 'username'>;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const [dialog, setDialog] = useState<'block' | 'report' | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) {
        setIsOpen(false);
      }
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [isOpen]);

  const choose = (which: 'block' | 'report') => {
    setIsOpen(false);
    setDialog(which);
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      setIsOpen(false);
      buttonRef.current?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      items[(index + step + items.length) % items.length]?.focus();
    }
  };

  return (
    <div className="relative">
      <IconButton
        ref={buttonRef}
        label={chatText.actions}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        onClick={() => setIsOpen((open) => !open)}
      >
        <MoreIcon />
      </IconButton>
      {isOpen ? (
        <div
          ref={menuRef}
          role="menu"
          aria-label={chatText.actions}
          onKeyDown={onMenuKeyDown}
          className="absolute top-full right-0 z-30 mt-1 flex w-56 flex-col rounded-md border border-border bg-surface py-1 shadow-pop"
        >
          <button
            type="button"
            role="menuitem"
            className="px-4 py-2 text-left text-sm text-danger hover:bg-raised"
            onClick={() => choose('block')}
          >
            {chatText.block} {participant.username}
          </button>
          <button
            type="button"
            role="menuitem"
            className="px-4 py-2 text-left text-sm text-fg hover:bg-raised"
            onClick={() => choose('report')}
          >
            {chatText.report}
          </button>
        </div>
      ) : null}
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
