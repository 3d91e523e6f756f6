import type { CurrentUser, LikedVideo } from '@kinora/contract';
import { IconButton } from '../../../components/Button';
import type { SortOption } from '../../../components/form/SortSelect';
import { ThumbsUpIcon } from '../../../components/icons';
import { PersonalVideoList } from '../../../components/PersonalVideoList';
import { useToast } from '../../../components/toast';
import { matchesTitleOrChannel, VideoListItem } from '../../../components/VideoListItem';
import { messageOf } from '../../../lib/api';
import { formatRelativeTime } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { likedText } from '../api/liked-api';
import { useLikedVideos, useUnlike } from '../hooks/use-liked';
import { signedInOnly } from '../../../components/SignedInOnly';
import { PageColumn, PageTitle } from '../../../components/Page';

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
export const LikedPage = signedInOnly(Liked, likedText);

function Liked({ user }: { user: CurrentUser }) {
  useDocumentTitle(likedText.heading);
  const toast = useToast();
  const liked = useLikedVideos(user._id);
  const unlike = useUnlike(user._id);

  return (
    <PageColumn width="4xl" className="gap-5">
      <PageTitle>{likedText.heading}</PageTitle>
      <PersonalVideoList
        query={liked}
        text={{
          search: 'Search liked videos',
          list: 'Liked videos',
          loading: 'Loading liked videos',
          loadFailed: likedText.loadFailed,
          empty: likedText.empty,
          emptyDescription: 'Tap Like under a video to keep it here.',
          noMatch: likedText.noMatch,
        }}
        sorts={sorts}
        initialSort="recent"
        filterAndSort={filterAndSortLiked}
        emptyIcon={<ThumbsUpIcon size={26} />}
        renderItem={(video) => (
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
        )}
      />
    </PageColumn>
  );
}
