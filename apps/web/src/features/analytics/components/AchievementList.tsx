import type { ElementType } from 'react';
import { CheckCircleIcon } from '../../../components/icons';
import { cn } from '../../../lib/cn';
import { achievements, type AchievementState, type ChannelFigures } from '../analytics';
import { AnalyticsCard } from './AnalyticsCard';

const stateText: Record<AchievementState, string> = {
  earned: 'Earned',
  notEarned: 'Not earned yet',
  unknown: 'Not available',
};

/** The three achievements of §9, each earned or not (or unknown without the figure). */
export function AchievementList({
  figures,
  Heading,
}: {
  figures: ChannelFigures;
  Heading: ElementType;
}) {
  return (
    <AnalyticsCard id="analytics-achievements" title="Achievements" Heading={Heading}>
      <ul className="flex flex-col gap-2">
        {achievements(figures).map((achievement) => {
          const isEarned = achievement.state === 'earned';
          return (
            <li
              key={achievement.id}
              className={cn(
                'flex items-start gap-3 rounded-md border p-3',
                isEarned ? 'border-success/40 bg-success-soft' : 'border-border',
              )}
            >
              <span
                className={cn(
                  'flex size-9 shrink-0 items-center justify-center rounded-full',
                  isEarned ? 'bg-surface text-success' : 'bg-raised text-fg-muted',
                )}
              >
                {isEarned ? <CheckCircleIcon size={20} /> : <PendingIcon />}
              </span>
              <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="font-semibold text-fg">{achievement.title}</span>
                  <span
                    data-testid="achievement-state"
                    className={cn(
                      'rounded-full px-2 py-0.5 text-xs font-semibold',
                      isEarned ? 'bg-surface text-fg' : 'bg-raised text-fg-muted',
                    )}
                  >
                    {stateText[achievement.state]}
                  </span>
                </p>
                <p className="text-sm text-fg-muted">{achievement.description}</p>
              </div>
            </li>
          );
        })}
      </ul>
    </AnalyticsCard>
  );
}

/** A dashed circle: a goal not reached yet. */
function PendingIcon() {
  return (
    <svg
      width={20}
      height={20}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeDasharray="3 3"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="12" r="9" />
    </svg>
  );
}
