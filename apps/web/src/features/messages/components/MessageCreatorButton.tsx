import type { MessageRequestCheck } from '@kinora/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/Button';
import { MailIcon, MessageSquareIcon } from '../../../components/icons';
import { useSession } from '../../../lib/auth';
import { conversationPath } from '../api/conversations-api';
import { requestText } from '../api/requests-api';
import { useMessageRequestCheck } from '../hooks/use-message-requests';
import { MessageRequestDialog } from './MessageRequestDialog';

/**
 * The message button of the watch and channel pages (core §4): visitors are sent to sign in;
 * a signed-in viewer sees where they stand with the creator (`GET …/check`): 'Message' opens
 * the request dialog, 'Request Pending' waits, 'Go to Chat' opens the conversation. Nothing
 * on one's own channel or video, and nothing until we know who is looking.
 */
export function MessageCreatorButton({
  creatorId,
  creatorName,
  className,
}: {
  creatorId: string;
  /** Shown in the dialog's title. */
  creatorName: string;
  className?: string;
}) {
  const session = useSession();
  const isOtherPerson = session.status === 'signedIn' && session.user._id !== creatorId;
  const check = useMessageRequestCheck(creatorId, { enabled: isOtherPerson });
  const [isDialogOpen, setIsDialogOpen] = useState(false);

  if (session.status === 'loading') return null;
  if (session.status === 'signedOut') {
    return (
      <Link to="/login" className={buttonClass({ variant: 'secondary', className })}>
        <MailIcon size={18} />
        {requestText.signedOut}
      </Link>
    );
  }
  if (!isOtherPerson) return null;

  return (
    <>
      <StandingControl
        standing={check.data}
        isChecking={check.isPending}
        onMessage={() => setIsDialogOpen(true)}
        className={className}
      />
      {/* Outside the control: a refusal that changes the standing keeps the dialog open. */}
      {isDialogOpen ? (
        <MessageRequestDialog
          receiverId={creatorId}
          receiverName={creatorName}
          onClose={() => setIsDialogOpen(false)}
        />
      ) : null}
    </>
  );
}

function StandingControl({
  standing,
  isChecking,
  onMessage,
  className,
}: {
  standing: MessageRequestCheck | undefined;
  isChecking: boolean;
  onMessage: () => void;
  className: string | undefined;
}) {
  if (standing?.status === 'accepted' && standing.conversationId) {
    return (
      <Link
        to={conversationPath(standing.conversationId)}
        className={buttonClass({ variant: 'secondary', className })}
      >
        <MessageSquareIcon size={18} />
        {requestText.goToChat}
      </Link>
    );
  }
  if (standing?.status === 'pending') {
    return (
      <Button variant="secondary" disabled className={className}>
        <MailIcon size={18} />
        {requestText.pending}
      </Button>
    );
  }
  // Until the standing is known the button waits; if it cannot be read, 'Message' still works
  // and the server's answer to the request says where things stand.
  return (
    <Button
      variant="secondary"
      className={className}
      disabled={isChecking}
      aria-busy={isChecking || undefined}
      onClick={onMessage}
    >
      <MailIcon size={18} />
      {requestText.message}
    </Button>
  );
}
