import { CreateMessageRequestBody, messageLimits } from '@kinora/contract';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { Field } from '../../../components/form/Field';
import { FormAlert } from '../../../components/form/FormAlert';
import { textAreaClass } from '../../../components/form/TextAreaField';
import { MessageSquareIcon } from '../../../components/icons';
import { useToast } from '../../../components/toast';
import { messageOf } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { conversationPath } from '../api/conversations-api';
import { requestText } from '../api/requests-api';
import { useMessageRequestCheck, useSendMessageRequest } from '../hooks/use-message-requests';

const MAX = messageLimits.request;

/**
 * The first message to a creator, sent as a request they accept or decline. The text is
 * trimmed and holds 1 to 1,000 characters; the server's refusals show in its own words, and
 * 'Conversation already exists' offers the chat.
 */
export function MessageRequestDialog({
  receiverId,
  receiverName,
  onClose,
}: {
  receiverId: string;
  receiverName: string;
  onClose: () => void;
}) {
  const toast = useToast();
  const fieldId = useId();
  const [content, setContent] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const send = useSendMessageRequest(receiverId);
  const check = useMessageRequestCheck(receiverId, { enabled: true });
  const length = content.trim().length;
  const isOver = length > MAX;
  const canSend = length > 0 && !isOver && !send.isPending;
  const existingChat =
    refusal === requestText.conversationExists && check.data?.status === 'accepted'
      ? check.data.conversationId
      : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = CreateMessageRequestBody.safeParse({ receiverId, content });
    if (!parsed.success || !canSend) return;
    setRefusal(null);
    send.mutate(parsed.data.content, {
      onSuccess: () => {
        toast.success(requestText.sent);
        onClose();
      },
      onError: (error) => setRefusal(messageOf(error, requestText.sendFailed)),
    });
  };

  return (
    <Dialog title={`Message ${receiverName}`} onClose={onClose}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <p className="text-sm text-fg-muted">
          Your message is sent as a request. Once {receiverName} accepts it, you can chat.
        </p>
        <Field label="Message" htmlFor={fieldId}>
          <textarea
            id={fieldId}
            name="content"
            rows={5}
            value={content}
            onChange={(e) => setContent(e.target.value)}
            placeholder="Introduce yourself and say why you are writing"
            aria-invalid={isOver || undefined}
            aria-describedby={`${fieldId}-count`}
            className={cn(textAreaClass, 'resize-y')}
          />
          <p
            id={`${fieldId}-count`}
            className={cn(
              'self-end text-xs tabular-nums',
              isOver ? 'text-danger' : 'text-fg-muted',
            )}
          >
            {length}/{MAX}
            {isOver ? <span className="sr-only"> characters: too long</span> : null}
          </p>
        </Field>
        <FormAlert message={refusal} />
        {existingChat ? (
          <Link
            to={conversationPath(existingChat)}
            className={buttonClass({ className: 'self-start' })}
          >
            <MessageSquareIcon size={18} />
            {requestText.goToChat}
          </Link>
        ) : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={!canSend}>
            {send.isPending ? 'Sending...' : 'Send Request'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
