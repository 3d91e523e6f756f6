import type { CurrentUser, LikedVideo } from '@kinora/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass, IconButton } from '../../../components/Button';
import { inputClass } from '../../../components/form/TextField';
import { SearchIcon, ThumbsUpIcon } from '../../../components/icons';
import { LoadError } from '../../../components/LoadError';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { SignInPrompt } from '../../../components/SignInPrompt';
import { StatusPanel } from '../../../components/StatusPanel';
import { useToast } from '../../../components/toast';
import { channelOf } from '../../../components/VideoCard';
import { VideoListItem, VideoListItemSkeleton } from '../../../components/VideoListItem';
import { errorMessage } from '../../../lib/api';
import { useSession } from '../../../lib/auth';
import { cn } from '../../../lib/cn';
import { formatRelativeTime } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { likedText } from '../api/liked-api';
import { useLikedVideos, useUnlike } from '../hooks/use-liked';

export type LikedSort = 'recent' | 'oldest' | 'title';

const sorts: { value: LikedSort; label: string }[] = [
  { value: 'recent', label: 'Recently liked' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'title', label: 'A-Z' },
];

const likedTime = (video: LikedVideo) => new Date(video.likedAt).getTime();

/** The search (title or channel username, any case) and the sorts, by likedAt or title. */
export function filterAndSortLiked(videos: LikedVideo[], search: string, sort: LikedSort) {
  const term = search.trim().toLowerCase();
  const matching = term
    ? videos.filter(
        (v) =>
          v.title.toLowerCase().includes(term) ||
          (channelOf(v)?.username.toLowerCase().includes(term) ?? false),
      )
    : [...videos];
  if (sort === 'recent') return matching.sort((a, b) => likedTime(b) - likedTime(a));
  if (sort === 'oldest') return matching.sort((a, b) => likedTime(a) - likedTime(b));
  return matching.sort((a, b) => a.title.localeCompare(b.title));
}

/** /liked (signed-in-areas §2): the videos the user liked, with search, sorts and unlike. */
export function LikedPage() {
  const session = useSession();
  if (session.status === 'loading') return <PageSkeleton label="Loading liked videos" />;
  if (session.status === 'signedOut') {
    return (
      <SignInPrompt
        title={likedText.signedOutTitle}
        message="Sign in to keep the videos you like in one place."
      />
    );
  }
  return <Liked user={session.user} />;
}

function Liked({ user }: { user: CurrentUser }) {
  useDocumentTitle(likedText.heading);
  const toast = useToast();
  const liked = useLikedVideos(user._id);
  const unlike = useUnlike(user._id);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<LikedSort>('recent');

  const videos = liked.data?.pages.flat() ?? [];
  const shown = filterAndSortLiked(videos, search, sort);

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-5 px-4 py-6 sm:px-6 lg:py-8">
      <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">{likedText.heading}</h1>
      <div className="flex flex-col gap-2 sm:flex-row">
        <label className="relative block flex-1">
          <span className="sr-only">Search liked videos</span>
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
            onChange={(event) => setSort(event.target.value as LikedSort)}
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

      {liked.isPending ? (
        <div role="status" aria-label="Loading liked videos">
          {[0, 1, 2, 3].map((i) => (
            <VideoListItemSkeleton key={i} />
          ))}
        </div>
      ) : liked.isError ? (
        <LoadError
          title={likedText.loadFailed}
          onRetry={() => void liked.refetch()}
          isRetrying={liked.isFetching}
        />
      ) : videos.length === 0 ? (
        <StatusPanel
          title={likedText.empty}
          icon={<ThumbsUpIcon size={26} />}
          description="Tap Like under a video to keep it here."
        >
          <Link to="/" className={buttonClass()}>
            Explore Videos
          </Link>
        </StatusPanel>
      ) : shown.length === 0 ? (
        <StatusPanel title={likedText.noMatch} icon={<SearchIcon size={26} />} />
      ) : (
        <ul aria-label="Liked videos" className="flex flex-col gap-1">
          {shown.map((video) => (
            <VideoListItem
              key={video._id}
              video={video}
              meta={`Liked ${formatRelativeTime(video.likedAt)}`}
              action={
                <IconButton
                  label={`Unlike ${video.title}`}
                  disabled={unlike.isPending && unlike.variables === video._id}
                  onClick={() =>
                    unlike.mutate(video._id, {
                      onError: (error) => toast.error(errorMessage(error, likedText.unlikeFailed)),
                    })
                  }
                  className="text-accent-text"
                >
                  <ThumbsUpIcon size={18} className="fill-current" />
                </IconButton>
              }
            />
          ))}
        </ul>
      )}

      {liked.hasNextPage ? (
        <Button
          variant="secondary"
          className="self-center"
          disabled={liked.isFetchingNextPage}
          onClick={() => void liked.fetchNextPage()}
        >
          {liked.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </Button>
      ) : null}
    </div>
  );
}
