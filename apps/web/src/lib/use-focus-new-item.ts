import { useEffect, useRef } from 'react';

/**
 * After "Load more", moves focus to the first new item of a list, so a keyboard user carries on
 * where the list grew (the button itself may be gone once everything is shown). Works for
 * items that arrive at once or after a fetch.
 *
 * @example
 *   const { listRef, focusItemWhenShown } = useFocusNewItem<HTMLUListElement>();
 *   <button onClick={() => { focusItemWhenShown(videos.length); showMore(); }}>
 */
export function useFocusNewItem<T extends HTMLElement>() {
  const listRef = useRef<T>(null);
  const pendingIndex = useRef<number | null>(null);

  // Runs after every render: the new items show up in some later one.
  useEffect(() => {
    const index = pendingIndex.current;
    if (index === null) return;
    const item = listRef.current?.children[index];
    if (!item) return;
    pendingIndex.current = null;
    // The item's main link (a card's title), else its first button.
    const target =
      item.querySelector<HTMLElement>('a:not([tabindex="-1"])') ??
      item.querySelector<HTMLElement>('button:not([tabindex="-1"])');
    target?.focus();
  });

  return {
    listRef,
    focusItemWhenShown: (index: number) => {
      pendingIndex.current = index;
    },
  };
}
