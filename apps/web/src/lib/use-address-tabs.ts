import { useId, useRef, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';

/** What a screen with tabs needs from `useAddressTabs`. */
export interface AddressTabs<Tab extends string> {
  active: Tab;
  /** Opens `tab`; `focus` also moves the focus to it (as the keys do). */
  select: (tab: Tab, focus?: boolean) => void;
  /** For the `tablist`: the keys of the WAI-ARIA tabs pattern. */
  onKeyDown: (event: KeyboardEvent) => void;
  /** Spread on each tab's button: its role, ids, state, place in the tab order and click. */
  tabProps: (tab: Tab) => TabProps;
  /** Spread on the panel of `tab` (the open one unless given): its role and ids. */
  panelProps: (tab?: Tab) => PanelProps;
}

export interface TabProps {
  ref: (element: HTMLElement | null) => void;
  type: 'button';
  role: 'tab';
  id: string;
  'aria-selected': boolean;
  'aria-controls': string;
  tabIndex: number;
  onClick: () => void;
}

export interface PanelProps {
  role: 'tabpanel';
  id: string;
  'aria-labelledby': string;
}

/**
 * Tabs whose open one lives in the address (`?tab=…`, nothing for the first), so a reload or a
 * shared link keeps it; an unknown `tab` opens the first. Arrow keys move between the tabs
 * (round the ends), Home and End jump to the first and last, each selecting and focusing it.
 * Each tab controls the panel of its name, labelled by it.
 */
export function useAddressTabs<Tab extends string>(
  tabs: readonly [Tab, ...Tab[]],
): AddressTabs<Tab> {
  const baseId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const active = tabs.find((tab) => tab === requested) ?? tabs[0];
  const elements = useRef(new Map<Tab, HTMLElement | null>());

  const select = (tab: Tab, focus = false) => {
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (tab === tabs[0]) next.delete('tab');
        else next.set('tab', tab);
        return next;
      },
      // Another tab is the same page: the reader stays where they are.
      { replace: true, preventScrollReset: true },
    );
    if (focus) elements.current.get(tab)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.indexOf(active);
    const count = tabs.length;
    const moves: Record<string, number> = {
      ArrowRight: (index + 1) % count,
      ArrowLeft: (index - 1 + count) % count,
      Home: 0,
      End: count - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(tabs[target] ?? active, true);
  };

  const tabProps = (tab: Tab): TabProps => ({
    ref: (element) => {
      elements.current.set(tab, element);
    },
    type: 'button',
    role: 'tab',
    id: `${baseId}-tab-${tab}`,
    'aria-selected': tab === active,
    'aria-controls': `${baseId}-panel-${tab}`,
    tabIndex: tab === active ? 0 : -1,
    onClick: () => select(tab),
  });

  const panelProps = (tab: Tab = active): PanelProps => ({
    role: 'tabpanel',
    id: `${baseId}-panel-${tab}`,
    'aria-labelledby': `${baseId}-tab-${tab}`,
  });

  return { active, select, onKeyDown, tabProps, panelProps };
}
