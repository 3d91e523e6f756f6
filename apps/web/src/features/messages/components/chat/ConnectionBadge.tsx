import { Button } from '../../../../components/Button';
import { RefreshIcon, SpinnerIcon } from '../../../../components/icons';
import { cn } from '../../../../lib/cn';
import type { ChatConnectionStatus } from '../../socket/chat-connection';
import { chatText } from '../../api/chat-api';

/** 'Live' when connected, 'Disconnected' with 'Retry' after an error, 'Connecting...' otherwise (§2, §4). */
export function ConnectionBadge({
  status,
  onRetry,
}: {
  status: ChatConnectionStatus;
  onRetry: () => void;
}) {
  return (
    <div className="flex shrink-0 items-center gap-2">
      <span
        role="status"
        className={cn(
          'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold',
          status === 'connected' && 'bg-success-soft text-success',
          status === 'connecting' && 'bg-raised text-fg-muted',
          status === 'error' && 'bg-danger-soft text-danger',
        )}
      >
        {status === 'connecting' ? (
          <SpinnerIcon size={12} className="animate-spin" />
        ) : (
          <span
            aria-hidden="true"
            className={cn(
              'size-2 rounded-full',
              status === 'connected' ? 'bg-success' : 'bg-danger',
            )}
          />
        )}
        {status === 'connected'
          ? chatText.live
          : status === 'error'
            ? chatText.disconnected
            : chatText.connecting}
      </span>
      {status === 'error' ? (
        // On a phone the icon alone keeps the person's name readable; the label stays for
        // assistive technology.
        <Button
          variant="secondary"
          size="sm"
          onClick={onRetry}
          aria-label={chatText.retry}
          title={chatText.retry}
          className="px-2 sm:px-3"
        >
          <RefreshIcon size={14} />
          <span className="hidden sm:inline">{chatText.retry}</span>
        </Button>
      ) : null}
    </div>
  );
}
