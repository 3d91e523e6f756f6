import type { CurrentUser, ReportGroup } from '@kinora/contract';
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Avatar } from '../../../components/Avatar';
import { Button } from '../../../components/Button';
import { LoadError } from '../../../components/LoadError';
import { PageColumn, PageHeader } from '../../../components/Page';
import { signedInOnly } from '../../../components/SignedInOnly';
import { PostCardsSkeleton } from '../../../components/Skeleton';
import { TextField } from '../../../components/form/TextField';
import { FormAlert } from '../../../components/form/FormAlert';
import { messageOf } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { formatRelativeTime } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import {
  actionLabels,
  addWatchedWord,
  banUser,
  moderateTarget,
  moderationKeys,
  moderationQueries,
  moderationText,
  reasonLabels,
  removeWatchedWord,
  targetLabels,
} from '../api/moderation-api';
import { HeldReviewButtons } from './HeldReviewButtons';
import { UnbanButton } from './UnbanButton';
import { useReasonedAction } from '../hooks/use-reasoned-action';

const tabs = [
  { id: 'reports', label: moderationText.queueTab },
  { id: 'held', label: moderationText.heldTab },
  { id: 'words', label: moderationText.wordsTab },
  { id: 'log', label: moderationText.logTab },
] as const;
type Tab = (typeof tabs)[number]['id'];

const isStaff = (user: CurrentUser) => user.role === 'moderator' || user.role === 'admin';

/**
 * /moderation (decision 0038): open reports grouped by what they are about, shown in place with
 * Hide, Restore, Dismiss and Ban; tweets held for a watched word; the watched words (admins
 * change them); and the audit log. Moderators and admins only.
 */
function ModerationScreen({ user }: { user: CurrentUser }) {
  useDocumentTitle(moderationText.pageTitle);
  const [params, setParams] = useSearchParams();
  const tab: Tab = tabs.find((t) => t.id === params.get('tab'))?.id ?? 'reports';
  if (!isStaff(user)) {
    return (
      <PageColumn width="4xl">
        <PageHeader title={moderationText.pageTitle} />
        <p className="text-fg-muted">{moderationText.staffOnly}</p>
      </PageColumn>
    );
  }
  return (
    <PageColumn width="4xl">
      <PageHeader title={moderationText.pageTitle} />
      <nav
        aria-label={moderationText.pageTitle}
        className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0"
      >
        <ul className="flex gap-1 border-b border-border">
          {tabs.map((t) => (
            <li key={t.id}>
              <Link
                to={t.id === 'reports' ? '?' : `?tab=${t.id}`}
                aria-current={tab === t.id ? 'page' : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  setParams(t.id === 'reports' ? {} : { tab: t.id });
                }}
                className={cn(
                  'inline-block border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap',
                  tab === t.id
                    ? 'border-accent text-fg'
                    : 'border-transparent text-fg-muted hover:text-fg',
                )}
              >
                {t.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {tab === 'reports' ? <ReportQueue /> : null}
      {tab === 'held' ? <HeldTweetsList /> : null}
      {tab === 'words' ? <WatchedWordsSection canEdit={user.role === 'admin'} /> : null}
      {tab === 'log' ? <AuditLog /> : null}
    </PageColumn>
  );
}

export const ModerationPage = signedInOnly(ModerationScreen, {
  loading: moderationText.loading,
  signedOutTitle: 'Sign in to moderate',
});

function ListSkeleton() {
  return <PostCardsSkeleton label={moderationText.loading} />;
}

/** A tab until it has items to list: the skeleton, the failure with Try Again, or its empty words. */
function NoList({
  query,
  empty,
}: {
  query: Pick<UseQueryResult, 'isPending' | 'isError' | 'refetch'>;
  empty: string;
}) {
  if (query.isPending) return <ListSkeleton />;
  if (query.isError) {
    return <LoadError title={moderationText.loadFailed} onRetry={() => void query.refetch()} />;
  }
  return <p className="py-10 text-center text-fg-muted">{empty}</p>;
}

export function ReportQueue() {
  const queue = useQuery(moderationQueries.queue());
  if (!queue.isSuccess || queue.data.groups.length === 0) {
    return <NoList query={queue} empty={moderationText.queueEmpty} />;
  }
  return (
    <ul className="flex flex-col gap-4" aria-label={moderationText.queueTab}>
      {queue.data.groups.map((group) => (
        <ReportGroupCard key={`${group.targetKind}:${group.targetId}`} group={group} />
      ))}
    </ul>
  );
}

function targetHref(group: ReportGroup): string | null {
  const { target } = group;
  if (group.targetKind === 'video' && target.videoId) return `/video/${target.videoId}`;
  if (group.targetKind === 'comment' && target.videoId) {
    return `/video/${target.videoId}#comment-${group.targetId}`;
  }
  if (target.owner) return `/channel/${target.owner._id}`;
  return null;
}

function ReportGroupCard({ group }: { group: ReportGroup }) {
  const { reason, setReason, error, isBusy, run } = useReasonedAction();
  const { target } = group;
  const href = targetHref(group);
  const titleId = `report-${group.targetKind}-${group.targetId}`;
  const canHide = group.targetKind !== 'user' && group.targetKind !== 'conversation';

  const act = (action: 'hide' | 'restore' | 'dismiss' | 'ban') =>
    run(async (why) => {
      if (action !== 'ban') {
        await moderateTarget({
          action,
          targetKind: group.targetKind,
          targetId: group.targetId,
          reason: why,
        });
      } else if (target.owner) {
        await banUser(target.owner._id, why);
      }
    }, moderationText.done);

  return (
    <li
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-4"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={titleId} className="text-base font-semibold text-fg">
          {targetLabels[group.targetKind]}
          {target.owner ? ` by @${target.owner.username}` : ''}
        </h2>
        <span className="rounded-full bg-raised px-2 py-0.5 text-xs text-fg-muted">
          {group.reports.length} {group.reports.length === 1 ? 'report' : 'reports'}
        </span>
        {target.isHidden ? (
          <span className="rounded-full bg-danger-soft px-2 py-0.5 text-xs text-fg">
            {moderationText.hiddenBadge}
          </span>
        ) : null}
        {target.isBanned ? (
          <span className="rounded-full bg-danger-soft px-2 py-0.5 text-xs text-fg">
            {moderationText.bannedBadge}
          </span>
        ) : null}
      </div>
      <blockquote className="flex gap-3 rounded-md border border-border bg-canvas p-3 text-sm">
        {target.owner ? (
          <Avatar src={target.owner.avatar} name={target.owner.username} size="sm" />
        ) : null}
        <div className="min-w-0 flex-1">
          {target.title ? <p className="font-medium text-fg">{target.title}</p> : null}
          {target.text ? (
            <p className="line-clamp-4 break-words whitespace-pre-line text-fg">{target.text}</p>
          ) : null}
          {target.messages.length > 0 ? (
            <ol className="flex max-h-48 flex-col gap-1 overflow-y-auto">
              {target.messages.map((m, index) => (
                <li key={index} className="break-words text-fg">
                  <span className="text-fg-muted">{formatRelativeTime(m.createdAt)}: </span>
                  {m.content}
                </li>
              ))}
            </ol>
          ) : null}
          {href ? (
            <Link to={href} className="mt-1 inline-block text-accent-text hover:underline">
              Open
            </Link>
          ) : null}
        </div>
      </blockquote>
      <ul className="flex flex-col gap-1 text-sm">
        {group.reports.map((report) => (
          <li key={report._id} className="text-fg">
            <span className="font-medium">@{report.reporter.username}</span>
            {report.reason ? `: ${reasonLabels[report.reason]}` : ''}
            {report.details ? <span className="text-fg-muted"> “{report.details}”</span> : null}
            <span className="text-fg-muted"> · {formatRelativeTime(report.createdAt)}</span>
          </li>
        ))}
      </ul>
      {group.isActionable ? (
        <div className="flex flex-col gap-2">
          <TextField
            label={moderationText.reasonPrompt}
            name={`reason-${titleId}`}
            value={reason}
            maxLength={500}
            onChange={(event) => setReason(event.target.value)}
          />
          <FormAlert message={error} />
          <div className="flex flex-wrap gap-2">
            {canHide ? (
              target.isHidden ? (
                <Button size="sm" disabled={isBusy} onClick={() => void act('restore')}>
                  {moderationText.restore}
                </Button>
              ) : (
                <Button size="sm" disabled={isBusy} onClick={() => void act('hide')}>
                  {moderationText.hide}
                </Button>
              )
            ) : null}
            <Button
              size="sm"
              variant="secondary"
              disabled={isBusy}
              onClick={() => void act('dismiss')}
            >
              {moderationText.dismiss}
            </Button>
            {target.owner && !target.isBanned ? (
              <Button size="sm" variant="danger" disabled={isBusy} onClick={() => void act('ban')}>
                {moderationText.ban}
              </Button>
            ) : null}
            {target.owner && target.isBanned ? (
              <UnbanButton userId={target.owner._id} username={target.owner.username} />
            ) : null}
          </div>
        </div>
      ) : (
        <p className="text-sm text-fg-muted">{moderationText.notActionable}</p>
      )}
    </li>
  );
}

function HeldTweetsList() {
  const queryClient = useQueryClient();
  const held = useQuery(moderationQueries.held());
  if (!held.isSuccess || held.data.tweets.length === 0) {
    return <NoList query={held} empty={moderationText.heldEmpty} />;
  }
  return (
    <ul className="flex flex-col gap-3">
      {held.data.tweets.map((tweet) => (
        <li key={tweet._id} className="flex gap-3 rounded-lg border border-border bg-surface p-4">
          <Avatar src={tweet.owner.avatar} name={tweet.owner.username} size="sm" />
          <div className="min-w-0 flex-1">
            <p className="text-sm text-fg-muted">
              @{tweet.owner.username} · {formatRelativeTime(tweet.createdAt)}
            </p>
            <p className="mt-1 break-words whitespace-pre-line text-fg">{tweet.content}</p>
            <div className="mt-2">
              <HeldReviewButtons
                targetKind="tweet"
                targetId={tweet._id}
                onReviewed={() =>
                  void queryClient.invalidateQueries({ queryKey: moderationKeys.held })
                }
              />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

function WatchedWordsSection({ canEdit }: { canEdit: boolean }) {
  const queryClient = useQueryClient();
  const words = useQuery(moderationQueries.words());
  const [word, setWord] = useState('');
  const [error, setError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: moderationKeys.words });

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (!word.trim()) return;
    setError(null);
    try {
      await addWatchedWord(word.trim());
      setWord('');
      await refresh();
    } catch (failure) {
      setError(messageOf(failure, moderationText.actionFailed));
    }
  };
  const remove = async (id: string) => {
    try {
      await removeWatchedWord(id);
      await refresh();
    } catch (failure) {
      setError(messageOf(failure, moderationText.actionFailed));
    }
  };

  return (
    <section className="flex flex-col gap-4" aria-label={moderationText.wordsTab}>
      <p className="text-fg-muted">
        {moderationText.wordsHint} {canEdit ? null : moderationText.wordsAdminOnly}
      </p>
      {canEdit ? (
        <form onSubmit={(event) => void add(event)} className="flex items-end gap-2">
          <TextField
            label={moderationText.wordLabel}
            name="word"
            value={word}
            maxLength={60}
            onChange={(event) => setWord(event.target.value)}
            className="flex-1"
          />
          <Button type="submit" disabled={!word.trim()}>
            {moderationText.addWord}
          </Button>
        </form>
      ) : null}
      <FormAlert message={error} />
      {words.isPending ? (
        <ListSkeleton />
      ) : words.isError ? (
        <LoadError title={moderationText.loadFailed} onRetry={() => void words.refetch()} />
      ) : words.data.words.length === 0 ? (
        <p className="text-fg-muted">{moderationText.wordsEmpty}</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {words.data.words.map((w) => (
            <li
              key={w._id}
              className="inline-flex items-center gap-1 rounded-full border border-border bg-surface py-1 pr-1 pl-3 text-sm text-fg"
            >
              {w.word}
              {canEdit ? (
                <button
                  type="button"
                  aria-label={moderationText.removeWord(w.word)}
                  title={moderationText.removeWord(w.word)}
                  onClick={() => void remove(w._id)}
                  className="inline-flex size-7 items-center justify-center rounded-full text-fg-muted hover:bg-raised hover:text-danger"
                >
                  ×
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function AuditLog() {
  const [page, setPage] = useState(1);
  const log = useQuery(moderationQueries.log(page));
  if (!log.isSuccess || log.data.entries.length === 0) {
    return <NoList query={log} empty={moderationText.logEmpty} />;
  }
  // A banned account's latest ban on the page offers to lift it (older ones say what happened).
  const latestBan = new Map<string, string>();
  for (const entry of log.data.entries) {
    if (entry.targetKind === 'user' && entry.action === 'ban' && entry.accountIsBanned) {
      if (!latestBan.has(entry.targetId)) latestBan.set(entry.targetId, entry._id);
    }
  }
  return (
    <section className="flex flex-col gap-3" aria-label={moderationText.logTab}>
      <div className="overflow-x-auto rounded-lg border border-border bg-surface">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-border text-fg-muted">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Who
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                What
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                When
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {log.data.entries.map((entry) => (
              <tr key={entry._id} className="align-top">
                <td className="px-3 py-2 font-medium text-fg">@{entry.moderator.username}</td>
                <td className="px-3 py-2 text-fg">
                  {actionLabels[entry.action]} {targetLabels[entry.targetKind].toLowerCase()}{' '}
                  <span className="break-all text-fg-muted">{entry.targetId}</span>
                  {entry.reason ? (
                    <span className="block text-fg-muted">“{entry.reason}”</span>
                  ) : null}
                  {latestBan.get(entry.targetId) === entry._id ? (
                    <span className="mt-1 block">
                      <UnbanButton userId={entry.targetId} />
                    </span>
                  ) : null}
                </td>
                <td className="px-3 py-2 whitespace-nowrap text-fg-muted">
                  <time
                    dateTime={entry.createdAt}
                    title={new Date(entry.createdAt).toLocaleString()}
                  >
                    {formatRelativeTime(entry.createdAt)}
                  </time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex justify-between">
        <Button
          variant="secondary"
          size="sm"
          disabled={page === 1}
          onClick={() => setPage(page - 1)}
        >
          {moderationText.newerLog}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={!log.data.hasNextPage}
          onClick={() => setPage(page + 1)}
        >
          {moderationText.olderLog}
        </Button>
      </div>
    </section>
  );
}
