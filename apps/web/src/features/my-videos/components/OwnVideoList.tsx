import type { Video } from '@kinora/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/Button';
import { VideoIcon } from '../../../components/icons';
import { LoadError } from '../../../components/LoadError';
import { StatusPanel } from '../../../components/StatusPanel';
import { myVideosText } from '../api/my-videos-api';
import { useMyVideos } from '../hooks/use-my-videos';
import { usePublishToggle, useVideoDeletion, useVideoEditing } from './VideoManagement';

/** What one row or card of the owner's videos is handed: its switch state and its actions. */
export interface OwnVideoActions {
  isToggling: boolean;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/**
 * The owner's videos in every state, shared by /my-videos (a list) and the profile's videos tab
 * (a grid), so both load, fail, stay empty and manage a video alike: `skeleton` while they load,
 * 'Failed to load videos' with Try Again, 'No videos available' with the Upload Video link, else
 * `renderVideos` with each video's actions. The edit and delete dialogs belong to it too.
 */
export function OwnVideoList({
  userId,
  skeleton,
  renderVideos,
}: {
  userId: string;
  skeleton: ReactNode;
  renderVideos: (videos: Video[], actionsFor: (video: Video) => OwnVideoActions) => ReactNode;
}) {
  const videos = useMyVideos(userId);
  const publish = usePublishToggle(userId);
  const editing = useVideoEditing(userId);
  const deletion = useVideoDeletion(userId);

  const actionsFor = (video: Video): OwnVideoActions => ({
    isToggling: publish.isToggling(video),
    onToggle: () => publish.toggle(video),
    onEdit: () => editing.request(video),
    onDelete: () => deletion.request(video),
  });

  return (
    <>
      {videos.isPending ? (
        skeleton
      ) : videos.isError ? (
        <LoadError
          title={myVideosText.loadFailed}
          onRetry={() => void videos.refetch()}
          isRetrying={videos.isFetching}
        />
      ) : videos.data.length === 0 ? (
        <StatusPanel
          title={myVideosText.empty}
          description="Videos you upload are listed here, drafts included."
          icon={<VideoIcon size={26} />}
        >
          <Link to="/upload" className={buttonClass()}>
            {myVideosText.upload}
          </Link>
        </StatusPanel>
      ) : (
        renderVideos(videos.data, actionsFor)
      )}

      {editing.dialog}
      {deletion.dialog}
    </>
  );
}
