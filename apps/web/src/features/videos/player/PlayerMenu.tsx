import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { CheckIcon } from '../../../components/icons';
import { cn } from '../../../lib/cn';
import { controlButtonClass } from './control-button';

export interface MenuChoice<T> {
  value: T;
  label: string;
}

/**
 * A button that opens a list of exclusive choices above it (speed, quality). Arrow keys move
 * between choices, Escape closes and gives focus back to the button, a click outside closes.
 */
export function PlayerMenu<T extends string | number>({
  label,
  title,
  menuLabel,
  choices,
  selected,
  isOpen,
  onOpenChange,
  onSelect,
  children,
}: {
  /** Accessible name of the button, including the current choice. */
  label: string;
  title: string;
  menuLabel: string;
  choices: ReadonlyArray<MenuChoice<T>>;
  selected: T;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onSelect: (value: T) => void;
  /** What the button shows. */
  children: ReactNode;
}) {
  const menuId = useId();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    const items = menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]');
    const checked = menuRef.current?.querySelector<HTMLElement>('[aria-checked="true"]');
    (checked ?? items?.[0])?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) onOpenChange(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [isOpen, onOpenChange]);

  const close = () => {
    onOpenChange(false);
    buttonRef.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = Array.from(
      menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? [],
    );
    const index = items.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => items[(i + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        focusAt(index - 1);
        break;
      case 'Home':
        focusAt(0);
        break;
      case 'End':
        focusAt(items.length - 1);
        break;
      case 'Escape':
        close();
        break;
      case 'Tab':
        onOpenChange(false);
        return;
      default:
        // Space and Enter press the focused item; other keys stay with the page.
        return;
    }
    event.preventDefault();
    event.stopPropagation();
  };

  return (
    <div ref={wrapperRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        title={title}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        onClick={() => onOpenChange(!isOpen)}
        className={cn(controlButtonClass, 'w-auto min-w-9 px-2 text-sm font-semibold sm:min-w-10')}
      >
        {children}
      </button>
      {isOpen ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={menuLabel}
          onKeyDown={onMenuKeyDown}
          className="absolute right-0 bottom-full z-10 mb-2 max-h-36 min-w-32 overflow-y-auto rounded-md border border-border bg-surface/95 py-1 shadow-pop sm:max-h-72"
        >
          {choices.map((choice) => {
            const isChecked = choice.value === selected;
            return (
              <button
                key={choice.value}
                type="button"
                role="menuitemradio"
                aria-checked={isChecked}
                tabIndex={-1}
                onClick={() => {
                  onSelect(choice.value);
                  close();
                }}
                className={cn(
                  'flex w-full items-center gap-2 px-3 py-1.5 text-left text-sm whitespace-nowrap hover:bg-raised focus-visible:bg-raised',
                  isChecked ? 'font-semibold text-fg' : 'text-fg-muted',
                )}
              >
                <CheckIcon size={16} className={isChecked ? 'text-accent-text' : 'invisible'} />
                {choice.label}
              </button>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}
