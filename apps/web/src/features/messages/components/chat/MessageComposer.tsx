import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '../../../../components/Button';
import { SpinnerIcon } from '../../../../components/icons';
import { cn } from '../../../../lib/cn';
import { chatText } from '../../api/chat-api';

/** Lines the input grows to before it scrolls. */
const MAX_ROWS = 5;

/**
 * The input under the messages (§2): disabled with the 'Disconnected' overlay while not
 * connected; Enter sends, Shift+Enter starts a new line; Send is disabled while the text is
 * blank, a message is on its way, or the socket is down. The text is cleared at once and put
 * back if the send fails.
 */
export function MessageComposer({
  isConnected,
  isSending,
  onSend,
}: {
  isConnected: boolean;
  isSending: boolean;
  /** False when the message could not be sent. */
  onSend: (text: string) => Promise<boolean>;
}) {
  const [text, setText] = useState('');
  const canSend = isConnected && !isSending && text.trim() !== '';

  const submit = async () => {
    if (!canSend) return;
    const sent = text;
    setText('');
    if (!(await onSend(sent))) setText((current) => current || sent);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter (and Enter while composing with an IME) types on.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  const rows = Math.min(MAX_ROWS, Math.max(1, text.split('\n').length));

  return (
    <form onSubmit={onSubmit} className="flex items-end gap-2 border-t border-border p-3">
      <div className="relative min-w-0 flex-1">
        <textarea
          aria-label="Message"
          placeholder={chatText.placeholder}
          value={text}
          rows={rows}
          disabled={!isConnected}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          className={cn(
            'block w-full resize-none rounded-md border border-border bg-canvas px-3 py-2.5 text-base text-fg placeholder:text-fg-muted',
            'hover:border-border-strong focus-visible:border-focus disabled:cursor-not-allowed sm:text-sm',
          )}
        />
        {!isConnected ? (
          <div
            role="status"
            className="absolute inset-0 flex flex-col items-center justify-center rounded-md bg-surface/90 text-center"
          >
            <span className="text-sm font-semibold text-danger">{chatText.disconnected}</span>
            <span className="text-xs text-fg-muted">{chatText.reconnecting}</span>
          </div>
        ) : null}
      </div>
      <Button type="submit" disabled={!canSend} className="h-11">
        {isSending ? <SpinnerIcon size={16} className="animate-spin" /> : null}
        Send
      </Button>
    </form>
  );
}
