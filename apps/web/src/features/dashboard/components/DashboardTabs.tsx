import { cn } from '../../../lib/cn';
import type { AddressTabs } from '../../../lib/use-address-tabs';

export const dashboardTabs = ['overview', 'analytics', 'content'] as const;

export type DashboardTab = (typeof dashboardTabs)[number];

const labels: Record<DashboardTab, string> = {
  overview: 'Overview',
  analytics: 'Analytics',
  content: 'Content',
};

/**
 * The dashboard's tab list (WAI-ARIA tabs): one tab stop, arrow keys move between tabs and
 * select them, Home and End jump to the first and last (`useAddressTabs`).
 */
export function DashboardTabs({ tabs }: { tabs: AddressTabs<DashboardTab> }) {
  return (
    <div
      role="tablist"
      aria-label="Dashboard sections"
      onKeyDown={tabs.onKeyDown}
      className="flex gap-1 overflow-x-auto border-b border-border"
    >
      {dashboardTabs.map((tab) => {
        const isActive = tab === tabs.active;
        return (
          <button
            key={tab}
            {...tabs.tabProps(tab)}
            className={cn(
              '-mb-px inline-flex h-11 shrink-0 items-center border-b-2 px-4 text-sm font-medium transition-colors',
              isActive
                ? 'border-accent text-fg'
                : 'border-transparent text-fg-muted hover:border-border-strong hover:text-fg',
            )}
          >
            {labels[tab]}
          </button>
        );
      })}
    </div>
  );
}
