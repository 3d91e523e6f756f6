import type { CurrentUser, LikedVideo } from '@kinora/contract';
import type { SortOption } from '../../../components/form/SortSelect';
import { ThumbsUpIcon } from '../../../components/icons';
import { PersonalVideoList } from '../../../components/PersonalVideoList';
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

/** The sorts, by likedAt or title. */
export function sortLiked(videos: readonly LikedVideo[], sort: LikedSort): LikedVideo[] {
  const sorted = [...videos];
  if (sort === 'recent') return sorted.sort((a, b) => likedTime(b) - likedTime(a));
  if (sort === 'oldest') return sorted.sort((a, b) => likedTime(a) - likedTime(b));
  return sorted.sort((a, b) => a.title.localeCompare(b.title));
}

/** /liked (signed-in-areas §2): the videos the user liked, with search, sorts and unlike. */
export const LikedPage = signedInOnly(Liked, likedText);

function Liked({ user }: { user: CurrentUser }) {
  useDocumentTitle(likedText.heading);
  const liked = useLikedVideos(user._id);
  const unlike = useUnlike(user._id);

  return (
    <PageColumn width="4xl" className="gap-5">
      <PageTitle>{likedText.heading}</PageTitle>
      <PersonalVideoList
        query={liked}
        text={likedText}
        sorts={sorts}
        initialSort="recent"
        sortBy={sortLiked}
        emptyIcon={<ThumbsUpIcon size={26} />}
        rowDetails={(video) => ({ meta: `Liked ${formatRelativeTime(video.likedAt)}` })}
        removal={{
          mutation: unlike,
          label: (video) => `Unlike ${video.title}`,
          failed: likedText.unlikeFailed,
          icon: <ThumbsUpIcon size={18} className="fill-current" />,
          className: 'text-accent-text',
        }}
      />
    </PageColumn>
  );
}
