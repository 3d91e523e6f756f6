import type { CurrentUser } from '@kinora/contract';
import { Link } from 'react-router';
import { Button } from '../../../components/Button';
import { PencilIcon, TrashIcon } from '../../../components/icons';
import { ViewsAndDate, VideoThumbnail } from '../../../components/VideoCard';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { myVideosText } from '../api/my-videos-api';
import { OwnVideoList, type OwnVideoProps } from './OwnVideoList';
import { ProcessingState, VisibilityButton, videoTitle } from './VideoManagement';
import { signedInOnly } from '../../../components/SignedInOnly';
import { PageColumn, PageHeader } from '../../../components/Page';
import { UploadLink } from '../../../components/UploadLink';

/** /my-videos (signed-in-areas §2 My videos): every own video, with publish, edit and delete. */
export const MyVideosPage = signedInOnly(MyVideos, myVideosText);

function MyVideos({ user }: { user: CurrentUser }) {
  useDocumentTitle(myVideosText.heading);
  return (
    <PageColumn>
      <PageHeader title={myVideosText.heading}>
        <UploadLink>{myVideosText.upload}</UploadLink>
      </PageHeader>

      <OwnVideoList
        userId={user._id}
        skeleton={
          <div role="status" aria-label="Loading your videos" className="flex flex-col gap-3">
            {[0, 1, 2].map((i) => (
              <div key={i} className="h-24 animate-pulse rounded-lg bg-raised" />
            ))}
          </div>
        }
        Item={MyVideoRow}
        list={(rows) => (
          <ul
            aria-label="Your videos"
            className="divide-y divide-border overflow-hidden rounded-lg border border-border bg-surface"
          >
            {rows}
          </ul>
        )}
      />
    </PageColumn>
  );
}

function MyVideoRow({ video, onVisibility, onEdit, onDelete }: OwnVideoProps) {
  const title = videoTitle(video);
  return (
    <li className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center sm:gap-4 sm:p-4">
      <div className="flex min-w-0 flex-1 items-start gap-3 sm:items-center sm:gap-4">
        <Link
          to={`/video/${encodeURIComponent(video._id)}`}
          className="w-28 shrink-0 sm:w-40"
          tabIndex={-1}
          aria-hidden="true"
        >
          <VideoThumbnail video={video} size="sm" />
        </Link>
        <div className="flex min-w-0 flex-col gap-1">
          <Link
            to={`/video/${encodeURIComponent(video._id)}`}
            className="line-clamp-2 font-semibold break-words text-fg hover:underline"
          >
            {title}
          </Link>
          <ViewsAndDate video={video} date="written" />
          <ProcessingState video={video} />
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:shrink-0 sm:justify-end">
        <VisibilityButton video={video} onClick={onVisibility} />
        <Button variant="secondary" size="sm" onClick={onEdit} aria-label={`Edit ${title}`}>
          <PencilIcon size={16} />
          Edit
        </Button>
        <Button variant="secondary" size="sm" onClick={onDelete} aria-label={`Delete ${title}`}>
          <TrashIcon size={16} />
          Delete
        </Button>
      </div>
    </li>
  );
}
