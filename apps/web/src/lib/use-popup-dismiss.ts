import { useEffect, type RefObject } from 'react';

/**
 * Closes an open popup (a menu or a small panel) as people expect: Escape closes it and gives
 * focus back to the button that opened it; a pointer pressed outside `wrapperRef` closes it.
 * `setIsOpen` is the popup's state setter (stable, so the listeners are added once per opening).
 */
export function usePopupDismiss({
  isOpen,
  setIsOpen,
  wrapperRef,
  buttonRef,
}: {
  isOpen: boolean;
  setIsOpen: (isOpen: boolean) => void;
  wrapperRef: RefObject<HTMLElement | null>;
  buttonRef: RefObject<HTMLElement | null>;
}): void {
  useEffect(() => {
    if (!isOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      setIsOpen(false);
      buttonRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [isOpen, setIsOpen, wrapperRef, buttonRef]);
}
