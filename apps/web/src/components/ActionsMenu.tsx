import type { KeyboardEvent, ReactNode } from 'react';
import { cn } from '../lib/cn';
import { usePopup } from '../lib/use-popup';
import { IconButton } from './Button';
import { Icon, type IconProps } from './icons';

const MoreIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="5" r="1" />
    <circle cx="12" cy="12" r="1" />
    <circle cx="12" cy="19" r="1" />
  </Icon>
);

export interface ActionsMenuItem {
  /** Told apart by this in the list (it is also the item's text unless `children` is given). */
  key: string;
  children: ReactNode;
  /** Drawn before the text. */
  icon?: ReactNode;
  /** A step that cannot be taken back (block, ban) reads in the danger colour. */
  tone?: 'danger';
  onSelect: () => void;
}

/**
 * A "More actions" button (three dots) and the menu it opens: the first item takes the focus as
 * it opens, the arrow keys move through the items, Escape closes it and gives the focus back to
 * the button, a press outside closes it. Choosing an item closes the menu, then runs the item.
 */
export function ActionsMenu({
  label,
  menuLabel = label,
  items,
  buttonClassName,
  iconSize,
  menuClassName = 'w-44',
}: {
  /** The button's accessible name. */
  label: string;
  /** The menu's accessible name. */
  menuLabel?: string;
  items: readonly ActionsMenuItem[];
  buttonClassName?: string;
  iconSize?: number;
  /** Its width, as a class. */
  menuClassName?: string;
}) {
  const popup = usePopup();

  const onMenuKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const found = [
      ...(popup.wrapperRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []),
    ];
    const index = found.indexOf(document.activeElement as HTMLElement);
    const step = event.key === 'ArrowDown' ? 1 : -1;
    found[(index + step + found.length) % found.length]?.focus();
  };

  return (
    <div ref={popup.wrapperRef} className="relative inline-flex">
      <IconButton
        {...popup.buttonProps}
        label={label}
        aria-haspopup="menu"
        {...(buttonClassName ? { className: buttonClassName } : {})}
        onClick={popup.toggle}
      >
        <MoreIcon {...(iconSize ? { size: iconSize } : {})} />
      </IconButton>
      {popup.isOpen ? (
        <div
          id={popup.popupId}
          role="menu"
          aria-label={menuLabel}
          onKeyDown={onMenuKeyDown}
          className={cn(
            'absolute top-full right-0 z-30 mt-1 flex flex-col rounded-md border border-border bg-surface py-1 shadow-pop',
            menuClassName,
          )}
        >
          {items.map((item, i) => (
            <button
              key={item.key}
              type="button"
              role="menuitem"
              // The first item takes the focus as the menu opens.
              ref={i === 0 ? (element) => element?.focus() : undefined}
              className={cn(
                'px-4 py-2 text-left text-sm hover:bg-raised focus-visible:bg-raised',
                item.icon ? 'flex items-center gap-2' : undefined,
                item.tone === 'danger' ? 'text-danger' : 'text-fg',
              )}
              onClick={() => {
                popup.close();
                item.onSelect();
              }}
            >
              {item.icon}
              {item.children}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
