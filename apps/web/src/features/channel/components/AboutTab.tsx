import type { ChannelWithStats } from '@kinora/contract';
import { useId, type ReactNode } from 'react';
import { Avatar } from '../../../components/Avatar';
import { StatCard } from '../../../components/StatCard';
import { formatCount } from '../../../lib/format';
import { channelText } from '../api/channel-api';
import { JoinedTime } from './ChannelHeader';

/** 'Channel Information': figures, description and statistics, and who the channel is. */
export function AboutTab({ data, isOwner }: { data: ChannelWithStats; isOwner: boolean }) {
  const { channel, stats } = data;
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-6 lg:grid-cols-3">
      <div className="flex flex-col gap-6 lg:col-span-2">
        <h2 id={headingId} className="text-xl font-bold text-fg">
          {channelText.aboutTitle}
        </h2>
        <dl className="grid grid-cols-2 gap-3">
          <StatCard label="Subscribers" value={formatCount(stats.totalSubscribers)} />
          <StatCard label="Videos" value={formatCount(stats.totalVideos)} />
        </dl>
        <div>
          <h3 className="text-base font-semibold text-fg">Description</h3>
          <p className="mt-2 whitespace-pre-line break-words text-fg-muted">
            {channel.bio.trim() || 'This channel has no description yet.'}
          </p>
        </div>
        <div>
          <h3 className="text-base font-semibold text-fg">Statistics</h3>
          <dl className="mt-2 divide-y divide-border rounded-lg border border-border bg-surface">
            <Statistic label="Joined">
              <JoinedTime createdAt={channel.createdAt} />
            </Statistic>
            {isOwner && stats.totalViews !== null ? (
              <Statistic label="Total views">{formatCount(stats.totalViews)}</Statistic>
            ) : null}
            {isOwner && stats.totalLikes !== null ? (
              <Statistic label="Total likes">{formatCount(stats.totalLikes)}</Statistic>
            ) : null}
          </dl>
        </div>
      </div>
      <aside
        aria-label="Channel"
        className="flex h-fit flex-col items-center gap-2 rounded-lg border border-border bg-surface p-6 text-center"
      >
        <Avatar src={channel.avatar} name={channel.username} size="lg" />
        <p className="text-lg font-semibold break-words text-fg">
          {channel.fullname || channel.username}
        </p>
        <p className="text-sm break-all text-fg-muted">@{channel.username}</p>
      </aside>
    </section>
  );
}

function Statistic({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 px-4 py-3 text-sm">
      <dt className="text-fg-muted">{label}</dt>
      <dd className="font-medium text-fg tabular-nums">{children}</dd>
    </div>
  );
}
