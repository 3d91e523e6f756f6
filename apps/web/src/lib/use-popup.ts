import { useCallback, useEffect, useId, useRef, useState } from 'react';

/**
 * A button and the popup it opens (a menu or a small panel), closed as people expect: Escape
 * closes it and gives focus back to the button; a pointer pressed outside `wrapperRef` closes
 * it. Put `wrapperRef` on the element holding both, spread `buttonProps` on the button (its ref,
 * aria-expanded, and aria-controls naming `popupId` while open), and give the popup `popupId`.
 */
export function usePopup() {
  const [isOpen, setIsOpen] = useState(false);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const popupId = useId();

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
  }, [isOpen]);

  const close = useCallback(() => setIsOpen(false), []);
  const toggle = useCallback(() => setIsOpen((open) => !open), []);
  return {
    isOpen,
    setIsOpen,
    close,
    toggle,
    wrapperRef,
    buttonRef,
    popupId,
    buttonProps: {
      ref: buttonRef,
      'aria-expanded': isOpen,
      'aria-controls': isOpen ? popupId : undefined,
    },
  };
}
