import type { Video } from '@kinora/contract';
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/Button';
import { VideoIcon } from '../../../components/icons';
import { LoadError } from '../../../components/LoadError';
import { StatusPanel } from '../../../components/StatusPanel';
import { myVideosText } from '../api/my-videos-api';
import { useMyVideos } from '../hooks/use-my-videos';
import { useVideoDeletion, useVideoEditing, useVisibilityEditing } from './VideoManagement';

/** What one row or card of the owner's videos is handed: its actions. */
export interface OwnVideoActions {
  /** Opens the Visibility dialog (public, unlisted, private, schedule). */
  onVisibility: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** One row or card of the owner's videos: the video and its actions. */
export type OwnVideoProps = { video: Video } & OwnVideoActions;

/**
 * The owner's videos in every state, shared by /my-videos (a list) and the profile's videos tab
 * (a grid), so both load, fail, stay empty and manage a video alike: `skeleton` while they load,
 * 'Failed to load videos' with Try Again, 'No videos available' with the Upload Video link, else
 * one `Item` per video, with its actions, inside `list`. The edit and delete dialogs belong to
 * it too.
 */
export function OwnVideoList({
  userId,
  skeleton,
  Item,
  list,
}: {
  userId: string;
  skeleton: ReactNode;
  Item: ComponentType<OwnVideoProps>;
  /** The list or grid holding the items. */
  list: (items: ReactNode) => ReactNode;
}) {
  const videos = useMyVideos(userId);
  const visibility = useVisibilityEditing(userId);
  const editing = useVideoEditing(userId);
  const deletion = useVideoDeletion(userId);

  const actionsFor = (video: Video): OwnVideoActions => ({
    onVisibility: () => visibility.request(video),
    onEdit: () => editing.request(video),
    onDelete: () => deletion.request(video),
  });

  return (
    <>
      {videos.isPending ? (
        skeleton
      ) : videos.isError ? (
        <LoadError title={myVideosText.loadFailed} query={videos} />
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
        list(
          videos.data.map((video) => <Item key={video._id} video={video} {...actionsFor(video)} />),
        )
      )}

      {visibility.dialog}
      {editing.dialog}
      {deletion.dialog}
    </>
  );
}
