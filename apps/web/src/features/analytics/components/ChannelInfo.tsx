import type { ElementType, ReactNode } from 'react';
import { cn } from '../../../lib/cn';
import { formatDate } from '../../../lib/format-date';
import { ACCOUNT_STATUS, channelAge, growthLabel, visibleEmail } from '../analytics';
import type { ChannelAnalytics } from '../api/analytics-api';
import { AnalyticsCard } from './AnalyticsCard';

/** Who the channel is: username, email (own channel only), age, growth stage, status. */
export function ChannelInfo({
  data,
  now,
  Heading,
}: {
  data: ChannelAnalytics;
  now: number;
  Heading: ElementType;
}) {
  const { channel, figures, isOwnChannel } = data;
  return (
    <AnalyticsCard id="analytics-channel-info" title="Channel Information" Heading={Heading}>
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
        {/* Phones: two columns, Email and Account Status across both; wider: three. */}
        <Item label="Username">@{channel.username}</Item>
        <Item label="Joined">
          <time dateTime={channel.createdAt}>{formatDate(channel.createdAt)}</time>
        </Item>
        <Item label="Email" className="col-span-2 sm:col-span-1">
          <span className={isOwnChannel ? 'break-all' : 'text-fg-muted'}>
            {visibleEmail(isOwnChannel, channel.email)}
          </span>
        </Item>
        <Item label="Channel Age">{channelAge(channel.createdAt, now)}</Item>
        <Item label="Growth Stage">{growthLabel(figures.subscribers)}</Item>
        <Item label="Account Status" className="col-span-2 sm:col-span-1">
          <span className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className="size-2 rounded-full bg-success" />
            {ACCOUNT_STATUS}
          </span>
        </Item>
      </dl>
    </AnalyticsCard>
  );
}

function Item({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={cn('flex min-w-0 flex-col gap-0.5 rounded-md bg-canvas px-3 py-2.5', className)}
    >
      <dt className="text-xs font-medium text-fg-muted">{label}</dt>
      <dd className="font-semibold text-fg">{children}</dd>
    </div>
  );
}
