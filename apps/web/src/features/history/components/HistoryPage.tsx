import type { HistoryEntry } from '@kinora/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass, IconButton } from '../../../components/Button';
import { SearchField } from '../../../components/form/SearchField';
import { SortSelect, type SortOption } from '../../../components/form/SortSelect';
import { HistoryIcon, PauseIcon, PlayIcon, SearchIcon, TrashIcon } from '../../../components/icons';
import { LoadError } from '../../../components/LoadError';
import { LoadMoreButton } from '../../../components/LoadMoreButton';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { SignInPrompt } from '../../../components/SignInPrompt';
import { StatusPanel } from '../../../components/StatusPanel';
import { useToast } from '../../../components/toast';
import {
  matchesTitleOrChannel,
  VideoListItem,
  VideoListSkeleton,
} from '../../../components/VideoListItem';
import { messageOf } from '../../../lib/api';
import { useSession } from '../../../lib/auth';
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

const sorts: SortOption<HistorySort>[] = [
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
  const matching = term ? entries.filter((entry) => matchesTitleOrChannel(entry, term)) : entries;
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
      onError: (error) => toast.error(messageOf(error, historyText.clearFailed)),
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
        <SearchField
          label="Search history"
          value={search}
          onChange={setSearch}
          placeholder="Search by title or channel"
          className="flex-1"
        />
        <SortSelect value={sort} options={sorts} onChange={setSort} />
      </div>

      {history.isPending ? (
        <VideoListSkeleton label="Loading history" />
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
                      onError: (error) => toast.error(messageOf(error, historyText.removeFailed)),
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
        <LoadMoreButton
          isLoading={history.isFetchingNextPage}
          onLoadMore={() => void history.fetchNextPage()}
        />
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
          onError: (error) => toast.error(messageOf(error, historyText.pauseFailed)),
        })
      }
    >
      {isPaused ? <PlayIcon size={18} /> : <PauseIcon size={18} />}
      Pause history
    </Button>
  );
}
