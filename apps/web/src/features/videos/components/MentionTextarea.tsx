import type { ChannelSummary } from '@kinora/contract';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Avatar } from '../../../components/Avatar';
import { textAreaClass } from '../../../components/form/TextAreaField';
import { cn } from '../../../lib/cn';

/** People offered while an @name is typed: the thread's and the video's owner. */
export type Mentionable = Pick<ChannelSummary, '_id' | 'username' | 'fullname' | 'avatar'>;

const shownAtMost = 5;
/** The `@name` being typed just before the caret (not inside an address or a word). */
const typedMention = /(?:^|[^\w.@/])@([a-zA-Z0-9_.]{0,30})$/;

/**
 * A comment box that offers the people of the thread as an @name is typed (issue 21 item 3):
 * a combobox whose list is walked with the arrow keys and picked with Enter or Tab; Escape
 * closes it. Mouse and touch pick with a press.
 */
export function MentionTextarea({
  id,
  value,
  onChange,
  people,
  placeholder,
  autoFocus = false,
  rows = 2,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  people: Mentionable[];
  placeholder: string;
  autoFocus?: boolean;
  rows?: number;
}) {
  const listId = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);

  // Opened with words in it (a reply's @name, an edit), the caret waits after them.
  useEffect(() => {
    const box = ref.current;
    if (!autoFocus || !box) return;
    box.focus();
    box.setSelectionRange(box.value.length, box.value.length);
  }, [autoFocus]);

  const before = caret === null ? '' : value.slice(0, caret);
  const typed = typedMention.exec(before);
  const prefix = typed?.[1]?.toLowerCase() ?? null;
  const matches =
    prefix === null || dismissedAt === caret
      ? []
      : people
          .filter((p) => p.username.toLowerCase().startsWith(prefix))
          .filter((p) => p.username.toLowerCase() !== prefix)
          .slice(0, shownAtMost);
  const isOpen = matches.length > 0;
  const activeIndex = Math.min(active, matches.length - 1);

  const pick = (person: Mentionable) => {
    if (caret === null || prefix === null) return;
    const start = caret - prefix.length;
    const next = `${value.slice(0, start)}${person.username} ${value.slice(caret)}`;
    const at = start + person.username.length + 1;
    onChange(next);
    setCaret(at);
    setActive(0);
    requestAnimationFrame(() => {
      ref.current?.focus();
      ref.current?.setSelectionRange(at, at);
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!isOpen) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + matches.length) % matches.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      pick(matches[activeIndex]!);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setDismissedAt(caret);
    }
  };

  const readCaret = () => setCaret(ref.current?.selectionStart ?? null);

  return (
    <div className="relative w-full">
      <textarea
        ref={ref}
        id={id}
        value={value}
        rows={rows}
        maxLength={2000}
        placeholder={placeholder}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={isOpen}
        aria-controls={isOpen ? listId : undefined}
        aria-activedescendant={isOpen ? `${listId}-${activeIndex}` : undefined}
        onChange={(e) => {
          onChange(e.target.value);
          setCaret(e.target.selectionStart);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        onKeyUp={(e) => {
          if (e.key.startsWith('Arrow') && !isOpen) readCaret();
        }}
        onClick={readCaret}
        onBlur={() => setCaret(null)}
        className={cn(textAreaClass, 'resize-y')}
      />
      {isOpen ? (
        <ul
          id={listId}
          role="listbox"
          aria-label="People to mention"
          className="absolute top-full left-0 z-20 mt-1 w-full max-w-xs overflow-hidden rounded-lg border border-border bg-surface py-1 shadow-lg"
        >
          {matches.map((person, index) => (
            <li
              key={person._id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === activeIndex}
              // Keeps the box's focus (and its caret) while the pick is made.
              onMouseDown={(e) => {
                e.preventDefault();
                pick(person);
              }}
              className={cn(
                'flex cursor-pointer items-center gap-2 px-3 py-2 text-sm',
                index === activeIndex ? 'bg-raised' : undefined,
              )}
            >
              <Avatar
                src={person.avatar}
                name={person.username}
                size="sm"
                className="size-6 text-xs"
              />
              <span className="font-medium text-fg">@{person.username}</span>
              <span className="truncate text-fg-muted">{person.fullname}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
