import type { ElementType } from 'react';
import { CheckIcon, InfoIcon } from '../../../components/icons';
import { cn } from '../../../lib/cn';
import { formatCount } from '../../../lib/format';
import { milestoneSteps, nextMilestone, showsGrowthTip } from '../analytics';
import { AnalyticsCard } from './AnalyticsCard';

/**
 * The next subscriber goal with a progress bar, the ladder of all goals, and the growth tip
 * under 1,000 subscribers (worded for the owner, or for a visitor).
 */
export function MilestoneCard({
  subscribers,
  isOwnChannel,
  channelName,
  Heading,
}: {
  subscribers: number;
  isOwnChannel: boolean;
  channelName: string;
  Heading: ElementType;
}) {
  const milestone = nextMilestone(subscribers);
  const isReached = milestone.remaining === 0;
  return (
    <AnalyticsCard
      id="analytics-milestone"
      title="Subscriber Milestone"
      Heading={Heading}
      className="gap-5"
    >
      <div className="flex flex-col gap-2">
        <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm text-fg-muted">
          <span>
            Next goal:{' '}
            <span className="text-base font-semibold text-fg">{milestone.label} subscribers</span>
          </span>
          <span className="font-medium text-fg tabular-nums">{milestone.progress}%</span>
        </p>
        <div
          role="progressbar"
          aria-label={`Progress to ${milestone.label} subscribers`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={milestone.progress}
          aria-valuetext={`${milestone.progress}%`}
          className="h-2.5 overflow-hidden rounded-full bg-raised"
        >
          <div
            className="h-full rounded-full bg-accent"
            style={{ width: `${milestone.progress}%` }}
          />
        </div>
        <p className="text-sm text-fg-muted">
          {formatCount(subscribers)} {subscribers === 1 ? 'subscriber' : 'subscribers'}
          {' · '}
          {isReached ? 'Milestone reached' : `${formatCount(milestone.remaining)} to go`}
        </p>
      </div>

      <ol aria-label="Subscriber goals" className="grid grid-cols-5 gap-1.5">
        {milestoneSteps(subscribers).map((step) => (
          <li
            key={step.goal}
            className={cn(
              'flex flex-col items-center gap-1 rounded-md border px-1 py-2 text-xs font-semibold',
              step.isReached
                ? 'border-accent/40 bg-accent-soft text-fg'
                : step.goal === milestone.goal
                  ? 'border-accent text-fg'
                  : 'border-border text-fg-muted',
            )}
          >
            <span
              aria-hidden="true"
              className={cn(
                'flex size-5 items-center justify-center rounded-full',
                step.isReached ? 'bg-accent text-accent-fg' : 'bg-raised',
              )}
            >
              {step.isReached ? <CheckIcon size={12} strokeWidth={3} /> : null}
            </span>
            {step.label}
            <span className="sr-only">{step.isReached ? ', reached' : ', not reached'}</span>
          </li>
        ))}
      </ol>

      {showsGrowthTip(subscribers) ? (
        <div className="flex items-start gap-3 rounded-md bg-info-soft p-3 text-sm">
          <InfoIcon size={18} className="mt-0.5 shrink-0 text-info" />
          <div>
            <p className="font-semibold text-fg">Growth Tip</p>
            <p className="text-fg-muted">
              {isOwnChannel
                ? `Upload on a regular schedule and share your videos to reach ${milestone.label} subscribers.`
                : `Subscribing helps ${channelName} reach ${milestone.label} subscribers.`}
            </p>
          </div>
        </div>
      ) : null}
    </AnalyticsCard>
  );
}
