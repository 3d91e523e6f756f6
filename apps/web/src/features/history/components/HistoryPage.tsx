import type { HistoryEntry } from '@kinora/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass, IconButton } from '../../../components/Button';
import { inputClass } from '../../../components/form/TextField';
import { HistoryIcon, PauseIcon, PlayIcon, SearchIcon, TrashIcon } from '../../../components/icons';
import { LoadError } from '../../../components/LoadError';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { SignInPrompt } from '../../../components/SignInPrompt';
import { StatusPanel } from '../../../components/StatusPanel';
import { useToast } from '../../../components/toast';
import { VideoListItem, VideoListItemSkeleton } from '../../../components/VideoListItem';
import { channelOf } from '../../../components/VideoCard';
import { errorMessage } from '../../../lib/api';
import { useSession } from '../../../lib/auth';
import { cn } from '../../../lib/cn';
import { formatRelativeTime } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { historyText } from '../api/history-api';
import {
  useClearHistory,
  useHistory,
  useHistorySettings,
  usePauseHistory,
  useRemoveFromHistory,
} from '../hooks/use-history';

export type HistorySort = 'recent' | 'oldest' | 'title';

const sorts: { value: HistorySort; label: string }[] = [
  { value: 'recent', label: 'Recent' },
  { value: 'oldest', label: 'Oldest' },
  { value: 'title', label: 'A-Z' },
];

/**
 * The spec's filter and sorts: the search matches title or channel username, any case;
 * Recent keeps the server's order (most recent first), Oldest reverses it, A-Z by title.
 */
export function filterAndSort(entries: HistoryEntry[], search: string, sort: HistorySort) {
  const term = search.trim().toLowerCase();
  const matching = term
    ? entries.filter(
        (e) =>
          e.title.toLowerCase().includes(term) ||
          (channelOf(e)?.username.toLowerCase().includes(term) ?? false),
      )
    : entries;
  if (sort === 'oldest') return [...matching].reverse();
  if (sort === 'title') return [...matching].sort((a, b) => a.title.localeCompare(b.title));
  return matching;
}

/** /history (signed-in-areas §2): what the user watched, with search, sorts, remove, clear. */
export function HistoryPage() {
  const session = useSession();
  if (session.status === 'loading') return <PageSkeleton label="Loading history" />;
  if (session.status === 'signedOut') {
    return (
      <SignInPrompt
        title={historyText.signedOutTitle}
        message="Sign in to see what you watched and pick up where you left off."
      />
    );
  }
  return <History />;
}

function History() {
  useDocumentTitle(historyText.heading);
  const toast = useToast();
  const history = useHistory();
  const remove = useRemoveFromHistory();
  const clear = useClearHistory();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<HistorySort>('recent');
  const isPaused = useHistorySettings().data?.paused ?? false;

  const entries = history.data?.pages.flat() ?? [];
  const shown = filterAndSort(entries, search, sort);

  const clearAll = () => {
    if (!window.confirm(historyText.confirmClear)) return;
    clear.mutate(undefined, {
      onError: (error) => toast.error(errorMessage(error, historyText.clearFailed)),
    });
  };

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-5 px-4 py-6 sm:px-6 lg:py-8">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">
          {historyText.heading}
        </h1>
        <div className="flex flex-wrap gap-2">
          <PauseToggle />
          <Button
            variant="secondary"
            onClick={clearAll}
            disabled={entries.length === 0 || clear.isPending}
          >
            <TrashIcon size={18} />
            {historyText.clearAll}
          </Button>
        </div>
      </header>
      {isPaused ? (
        <p role="status" className="rounded-md bg-warning-soft px-3 py-2 text-sm text-warning">
          {historyText.paused}
        </p>
      ) : null}

      <div className="flex flex-col gap-2 sm:flex-row">
        <label className="relative block flex-1">
          <span className="sr-only">Search history</span>
          <SearchIcon
            size={18}
            className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-fg-muted"
          />
          <input
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Search by title or channel"
            className={cn(inputClass, 'pl-10')}
          />
        </label>
        <label className="flex items-center gap-2 text-sm whitespace-nowrap text-fg-muted">
          Sort by
          <select
            value={sort}
            onChange={(event) => setSort(event.target.value as HistorySort)}
            className={cn(inputClass, 'w-auto pr-8')}
          >
            {sorts.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      </div>

      {history.isPending ? (
        <div role="status" aria-label="Loading history">
          {[0, 1, 2, 3].map((i) => (
            <VideoListItemSkeleton key={i} />
          ))}
        </div>
      ) : history.isError ? (
        <LoadError
          title={historyText.loadFailed}
          onRetry={() => void history.refetch()}
          isRetrying={history.isFetching}
        />
      ) : entries.length === 0 ? (
        <StatusPanel
          title={historyText.empty}
          icon={<HistoryIcon size={26} />}
          description="Videos you watch show up here, so you can find them again."
        >
          <Link to="/" className={buttonClass()}>
            Explore Videos
          </Link>
        </StatusPanel>
      ) : shown.length === 0 ? (
        <StatusPanel
          title={historyText.noMatch}
          icon={<SearchIcon size={26} />}
          description="Try another word, or clear the search."
        />
      ) : (
        <ul aria-label="Watched videos" className="flex flex-col gap-1">
          {shown.map((entry) => (
            <VideoListItem
              key={entry._id}
              video={entry}
              progress={entry.duration > 0 ? entry.positionSeconds / entry.duration : undefined}
              meta={`Watched ${formatRelativeTime(entry.watchedAt)}`}
              action={
                <IconButton
                  label={`Remove ${entry.title} from history`}
                  disabled={remove.isPending && remove.variables === entry._id}
                  onClick={() =>
                    remove.mutate(entry._id, {
                      onError: (error) =>
                        toast.error(errorMessage(error, historyText.removeFailed)),
                    })
                  }
                >
                  <TrashIcon size={18} />
                </IconButton>
              }
            />
          ))}
        </ul>
      )}

      {history.hasNextPage ? (
        <Button
          variant="secondary"
          className="self-center"
          disabled={history.isFetchingNextPage}
          onClick={() => void history.fetchNextPage()}
        >
          {history.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </Button>
      ) : null}
    </div>
  );
}

/** Pause history: while on, nothing the user watches is kept (the server enforces it). */
function PauseToggle() {
  const toast = useToast();
  const settings = useHistorySettings();
  const pause = usePauseHistory();
  const isPaused = settings.data?.paused ?? false;
  return (
    <Button
      variant="secondary"
      role="switch"
      aria-checked={isPaused}
      disabled={settings.isPending || pause.isPending}
      onClick={() =>
        pause.mutate(!isPaused, {
          onError: (error) => toast.error(errorMessage(error, historyText.pauseFailed)),
        })
      }
    >
      {isPaused ? <PlayIcon size={18} /> : <PauseIcon size={18} />}
      Pause history
    </Button>
  );
}
