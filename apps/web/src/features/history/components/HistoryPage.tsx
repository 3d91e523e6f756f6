import type { HistoryEntry } from '@kinora/contract';
import { Button } from '../../../components/Button';
import type { SortOption } from '../../../components/form/SortSelect';
import { HistoryIcon, PauseIcon, PlayIcon, TrashIcon } from '../../../components/icons';
import { PersonalVideoList } from '../../../components/PersonalVideoList';
import { useToast } from '../../../components/toast';
import { messageOf } from '../../../lib/api';
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
import { signedInOnly } from '../../../components/SignedInOnly';
import { PageColumn, PageHeader } from '../../../components/Page';

export type HistorySort = 'recent' | 'oldest' | 'title';

const sorts: SortOption<HistorySort>[] = [
  { value: 'recent', label: 'Recent' },
  { value: 'oldest', label: 'Oldest' },
  { value: 'title', label: 'A-Z' },
];

/**
 * The spec's sorts: Recent keeps the server's order (most recent first), Oldest reverses it,
 * A-Z by title.
 */
export function sortHistory(entries: readonly HistoryEntry[], sort: HistorySort): HistoryEntry[] {
  if (sort === 'oldest') return [...entries].reverse();
  if (sort === 'title') return [...entries].sort((a, b) => a.title.localeCompare(b.title));
  return [...entries];
}

/** /history (signed-in-areas §2): what the user watched, with search, sorts, remove, clear. */
export const HistoryPage = signedInOnly(History, historyText);

function History() {
  useDocumentTitle(historyText.heading);
  const toast = useToast();
  const history = useHistory();
  const remove = useRemoveFromHistory();
  const clear = useClearHistory();
  const isPaused = useHistorySettings().data?.paused ?? false;
  const hasEntries = (history.data?.pages.flat().length ?? 0) > 0;

  const clearAll = () => {
    if (!window.confirm(historyText.confirmClear)) return;
    clear.mutate(undefined, {
      onError: (error) => toast.error(messageOf(error, historyText.clearFailed)),
    });
  };

  return (
    <PageColumn width="4xl" className="gap-5">
      <PageHeader title={historyText.heading} className="gap-3">
        <div className="flex flex-wrap gap-2">
          <PauseToggle />
          <Button variant="secondary" onClick={clearAll} disabled={!hasEntries || clear.isPending}>
            <TrashIcon size={18} />
            {historyText.clearAll}
          </Button>
        </div>
      </PageHeader>
      {isPaused ? (
        <p role="status" className="rounded-md bg-warning-soft px-3 py-2 text-sm text-warning">
          {historyText.paused}
        </p>
      ) : null}

      <PersonalVideoList
        query={history}
        text={historyText}
        sorts={sorts}
        initialSort="recent"
        sortBy={sortHistory}
        emptyIcon={<HistoryIcon size={26} />}
        rowDetails={(entry) => ({
          meta: `Watched ${formatRelativeTime(entry.watchedAt)}`,
          progress: entry.duration > 0 ? entry.positionSeconds / entry.duration : undefined,
        })}
        removal={{
          mutation: remove,
          label: (entry) => `Remove ${entry.title} from history`,
          failed: historyText.removeFailed,
          icon: <TrashIcon size={18} />,
        }}
      />
    </PageColumn>
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
