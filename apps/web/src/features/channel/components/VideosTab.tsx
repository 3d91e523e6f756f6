import { VideoIcon } from '../../../components/icons';
import { RetryPanel, StatusPanel } from '../../../components/StatusPanel';
import { VideoCardGrid, VideoGridSkeleton } from '../../../components/VideoGrid';
import { useFocusNewItem } from '../../../lib/use-focus-new-item';
import { channelText } from '../api/channel-api';
import type { useChannelVideos } from '../hooks/use-channel';
import { NextPageButton } from '../../../components/LoadMoreButton';
import { UploadLink } from '../../../components/UploadLink';

/** The channel's videos in the common grid, a page at a time. */
export function VideosTab({
  query,
  isOwner,
}: {
  query: ReturnType<typeof useChannelVideos>;
  isOwner: boolean;
}) {
  const { listRef, focusItemWhenShown } = useFocusNewItem<HTMLUListElement>();

  if (query.isPending) return <VideoGridSkeleton count={6} label="Loading videos" />;
  if (query.isError) {
    return <RetryPanel title="Failed to fetch channel videos" query={query} />;
  }

  const videos = query.data.pages.flatMap((page) => page.videos);
  if (videos.length === 0) {
    return (
      <StatusPanel
        icon={<VideoIcon size={26} />}
        title={channelText.noVideosTitle}
        description={channelText.noVideosText}
      >
        {isOwner ? <UploadLink>Upload Video</UploadLink> : null}
      </StatusPanel>
    );
  }

  return (
    <>
      {/* Under the channel's h1, the cards' h3 titles need a level between. */}
      <h2 className="sr-only">Channel videos</h2>
      <VideoCardGrid videos={videos} listRef={listRef} label="Channel videos" />
      <NextPageButton
        query={query}
        label="Load More Videos"
        failedText="More videos could not be loaded. Please try again."
        onLoad={() => focusItemWhenShown(videos.length)}
        size="lg"
        className="mt-10"
      />
    </>
  );
}
