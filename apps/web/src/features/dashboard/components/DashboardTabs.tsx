import { useRef, type KeyboardEvent } from 'react';
import { cn } from '../../../lib/cn';

export const dashboardTabs = [
  { id: 'overview', label: 'Overview' },
  { id: 'analytics', label: 'Analytics' },
  { id: 'content', label: 'Content' },
] as const;

export type DashboardTab = (typeof dashboardTabs)[number]['id'];

export function isDashboardTab(value: string | null): value is DashboardTab {
  return dashboardTabs.some((tab) => tab.id === value);
}

export const tabId = (idBase: string, tab: DashboardTab) => `${idBase}-tab-${tab}`;
export const panelId = (idBase: string, tab: DashboardTab) => `${idBase}-panel-${tab}`;

/**
 * The dashboard's tab list (WAI-ARIA tabs): one tab stop, arrow keys move between tabs and
 * select them, Home and End jump to the first and last.
 */
export function DashboardTabs({
  active,
  onSelect,
  idBase,
}: {
  active: DashboardTab;
  onSelect: (tab: DashboardTab) => void;
  idBase: string;
}) {
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const count = dashboardTabs.length;
    const current = dashboardTabs.findIndex((tab) => tab.id === active);
    const moves: Record<string, number> = {
      ArrowRight: (current + 1) % count,
      ArrowLeft: (current - 1 + count) % count,
      Home: 0,
      End: count - 1,
    };
    const index = moves[event.key];
    const target = index === undefined ? undefined : dashboardTabs[index];
    if (index === undefined || !target) return;
    event.preventDefault();
    onSelect(target.id);
    tabRefs.current[index]?.focus();
  };

  return (
    <div
      role="tablist"
      aria-label="Dashboard sections"
      onKeyDown={onKeyDown}
      className="flex gap-1 overflow-x-auto border-b border-border"
    >
      {dashboardTabs.map((tab, index) => {
        const isActive = tab.id === active;
        return (
          <button
            key={tab.id}
            ref={(node) => {
              tabRefs.current[index] = node;
            }}
            type="button"
            role="tab"
            id={tabId(idBase, tab.id)}
            aria-selected={isActive}
            aria-controls={panelId(idBase, tab.id)}
            tabIndex={isActive ? 0 : -1}
            onClick={() => onSelect(tab.id)}
            className={cn(
              '-mb-px inline-flex h-11 shrink-0 items-center border-b-2 px-4 text-sm font-medium transition-colors',
              isActive
                ? 'border-accent text-fg'
                : 'border-transparent text-fg-muted hover:border-border-strong hover:text-fg',
            )}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
