import type { CurrentUser } from '@kinora/contract';
import { Link } from 'react-router';
import { IconButton } from '../../../components/Button';
import { PencilIcon, TrashIcon } from '../../../components/icons';
import { ViewsAndDate, VideoThumbnail, VideoTitleLink } from '../../../components/VideoCard';
import { VideoGrid, VideoGridSkeleton } from '../../../components/VideoGrid';
import { useSession } from '../../../lib/auth';
import { myVideosText } from '../api/my-videos-api';
import { OwnVideoList, type OwnVideoProps } from './OwnVideoList';
import { ProcessingState, VisibilityButton, videoTitle } from './VideoManagement';
import { TabSection } from '../../../components/TabSection';
import { videoPathOf } from '../../../lib/paths';
import { UploadLink } from '../../../components/UploadLink';

/**
 * The profile's videos tab (/profile/videos, signed-in-areas "Profile area"): the owner's videos
 * as a grid, drafts and unfinished ones included, each with its publish switch, Edit and Delete
 * (the same confirmation as /my-videos), an Upload Video link and an empty state. The profile
 * area has already made sure someone is signed in.
 */
export function ProfileVideosTab() {
  const session = useSession();
  if (session.status !== 'signedIn') return null;
  return <ProfileVideos user={session.user} />;
}

function ProfileVideos({ user }: { user: CurrentUser }) {
  return (
    <TabSection
      id="profile-videos-heading"
      title={myVideosText.heading}
      actions={<UploadLink size="sm">{myVideosText.upload}</UploadLink>}
    >
      <OwnVideoList
        userId={user._id}
        skeleton={<VideoGridSkeleton count={6} label="Loading your videos" />}
        Item={OwnVideoCard}
        list={(cards) => <VideoGrid label="Your videos">{cards}</VideoGrid>}
      />
    </TabSection>
  );
}

function OwnVideoCard({ video, onVisibility, onEdit, onDelete }: OwnVideoProps) {
  const title = videoTitle(video);
  const videoPath = videoPathOf(video._id);
  return (
    <li className="group flex min-w-0 flex-col gap-3">
      {/* The title link below is the one in the tab order; this one is for pointers. */}
      <Link to={videoPath} tabIndex={-1} aria-hidden="true" className="block rounded-lg">
        <VideoThumbnail video={video} className="transition-shadow group-hover:shadow-card" />
      </Link>
      <div className="flex min-w-0 flex-col gap-1">
        <VideoTitleLink videoId={video._id} title={title} className="text-base break-words" />
        <ViewsAndDate video={video} date="ago" />
        <ProcessingState video={video} />
        <div className="mt-1 flex items-center gap-1">
          <VisibilityButton video={video} onClick={onVisibility} />
          <IconButton label={`Edit ${title}`} onClick={onEdit} className="ml-auto">
            <PencilIcon size={18} />
          </IconButton>
          <IconButton label={`Delete ${title}`} onClick={onDelete} className="hover:text-danger">
            <TrashIcon size={18} />
          </IconButton>
        </div>
      </div>
    </li>
  );
}
