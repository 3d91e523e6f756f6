import { useEffect, type RefObject } from 'react';

/**
 * Closes an open popup (a menu, a panel) on Escape, focus back on the button that opened it,
 * and on a pointer down outside `wrapper` (the button and the popup).
 */
export function useDismiss({
  isOpen,
  close,
  wrapper,
  button,
}: {
  isOpen: boolean;
  close: () => void;
  wrapper: RefObject<HTMLElement | null>;
  button: RefObject<HTMLElement | null>;
}): void {
  useEffect(() => {
    if (!isOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      close();
      button.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [isOpen, close, wrapper, button]);
}
