import { hasVisibleText, trimText } from '@kinora/contract';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
import { cn } from '../../../lib/cn';
import { TWEET_MAX, TWEET_WARN } from '../api/tweets-api';

/**
 * The compose box (signed-in-areas §5): the text is trimmed, 1 to 280 characters; the counter
 * turns red above `warnAbove` (260 in the feed, 250 on the profile tab); the button is disabled
 * when empty, busy or over. A failed submit keeps the text so nothing typed is lost.
 */
export function TweetComposer({
  label,
  placeholder,
  initialContent = '',
  submitLabel,
  busyLabel,
  warnAbove = TWEET_WARN,
  onSubmit,
  onCancel,
}: {
  label: string;
  placeholder?: string;
  initialContent?: string;
  submitLabel: string;
  busyLabel: string;
  /** The counter turns red above this many characters. */
  warnAbove?: number;
  /** Rejects when the server refuses; the text then stays. */
  onSubmit: (content: string) => Promise<void>;
  onCancel?: () => void;
}) {
  const [content, setContent] = useState(initialContent);
  const [isBusy, setBusy] = useState(false);
  const counterId = useId();
  // The contract's rule: trimmed of spaces and invisible characters, something must show.
  const trimmed = hasVisibleText(content) ? trimText(content) : '';
  const isOver = trimmed.length > TWEET_MAX;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || isOver || isBusy) return;
    setBusy(true);
    try {
      await onSubmit(trimmed);
      setContent('');
    } catch {
      // The caller has said why; the text stays for another try.
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-2">
      <textarea
        aria-label={label}
        aria-describedby={counterId}
        value={content}
        placeholder={placeholder}
        rows={3}
        onChange={(e) => setContent(e.target.value)}
        className="w-full resize-y rounded-md border border-border bg-surface px-3 py-2 text-fg placeholder:text-fg-muted focus:border-accent focus:outline-none"
      />
      <div className="flex items-center justify-end gap-3">
        <span
          id={counterId}
          data-testid="tweet-counter"
          className={cn(
            'mr-auto text-sm tabular-nums',
            content.length > warnAbove ? 'font-semibold text-danger' : 'text-fg-muted',
          )}
        >
          {content.length}/{TWEET_MAX}
        </span>
        {onCancel ? (
          <Button variant="ghost" size="sm" onClick={onCancel} disabled={isBusy}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" size="sm" disabled={!trimmed || isOver || isBusy}>
          {isBusy ? busyLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
