import { Link } from 'react-router';
import { Button, buttonClass } from './Button';
import { MailIcon } from './icons';

export const messageButtonText = {
  signedOut: 'Login to message the creator',
  signedIn: 'Message',
  comingSoon: 'Messaging is coming soon',
} as const;

/**
 * The message button of channel and watch pages (core §4). Visitors are sent to sign in.
 * Messaging is not on the server yet, so for signed-in users the button is there but
 * disabled and says why; the pending and accepted states come with messaging.
 */
export function MessageCreatorButton({
  isSignedIn,
  className,
}: {
  isSignedIn: boolean;
  className?: string;
}) {
  if (!isSignedIn) {
    return (
      <Link to="/login" className={buttonClass({ variant: 'secondary', className })}>
        <MailIcon size={18} />
        {messageButtonText.signedOut}
      </Link>
    );
  }
  return (
    <Button variant="secondary" disabled title={messageButtonText.comingSoon} className={className}>
      <MailIcon size={18} />
      {messageButtonText.signedIn}
    </Button>
  );
}
