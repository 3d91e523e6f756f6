import type { CurrentUser, LikedVideo } from '@kinora/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClass, IconButton } from '../../../components/Button';
import { SearchField } from '../../../components/form/SearchField';
import { SortSelect, type SortOption } from '../../../components/form/SortSelect';
import { SearchIcon, ThumbsUpIcon } from '../../../components/icons';
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
import { likedText } from '../api/liked-api';
import { useLikedVideos, useUnlike } from '../hooks/use-liked';

export type LikedSort = 'recent' | 'oldest' | 'title';

const sorts: SortOption<LikedSort>[] = [
  { value: 'recent', label: 'Recently liked' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'title', label: 'A-Z' },
];

const likedTime = (video: LikedVideo) => new Date(video.likedAt).getTime();

/** The search (title or channel username, any case) and the sorts, by likedAt or title. */
export function filterAndSortLiked(videos: LikedVideo[], search: string, sort: LikedSort) {
  const term = search.trim().toLowerCase();
  const matching = term
    ? videos.filter((video) => matchesTitleOrChannel(video, term))
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
        <SearchField
          label="Search liked videos"
          value={search}
          onChange={setSearch}
          placeholder="Search by title or channel"
          className="flex-1"
        />
        <SortSelect value={sort} options={sorts} onChange={setSort} />
      </div>

      {liked.isPending ? (
        <VideoListSkeleton label="Loading liked videos" />
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
                      onError: (error) => toast.error(messageOf(error, likedText.unlikeFailed)),
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
        <LoadMoreButton
          isLoading={liked.isFetchingNextPage}
          onLoadMore={() => void liked.fetchNextPage()}
        />
      ) : null}
    </div>
  );
}
