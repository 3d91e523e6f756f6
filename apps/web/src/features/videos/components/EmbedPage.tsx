import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { FilmIcon } from '../../../components/icons';
import { parseStartTime } from '../../../lib/start-time';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCaptionTracks, useRecordView, useVideo } from '../hooks/use-watch-data';
import { playableSources } from '../player/original-playback';
import { VideoPlayer } from '../player/VideoPlayer';

/**
 * /embed/{id}: the player alone, for other sites' pages (an iframe the oEmbed answer and the
 * embed code give). Public and unlisted videos only, whoever is looking: a private one is not
 * played here even for its owner (decision 0039). `?t=` starts it where the link says. The title links to the video on Kinora.
 */
export function EmbedPage() {
  const { id = '' } = useParams();
  const query = useVideo(id);
  const video = query.data;
  const isEmbeddable = video !== undefined && video.visibility !== 'private';
  useDocumentTitle(isEmbeddable ? video.title : 'Kinora');

  if (query.isPending) return <div className="dark h-dvh w-full bg-canvas" aria-busy="true" />;
  const sources = video ? playableSources(video) : null;
  const playable = isEmbeddable && (sources?.hlsUrl || sources?.fileUrl) ? video : null;
  if (!playable) {
    return (
      <main className="dark flex h-dvh w-full flex-col items-center justify-center gap-2 bg-canvas text-fg-muted">
        <FilmIcon size={36} />
        <p className="font-medium text-fg">This video cannot be played here</p>
      </main>
    );
  }
  return <EmbeddedPlayer key={playable._id} video={playable} />;
}

function EmbeddedPlayer({ video }: { video: NonNullable<ReturnType<typeof useVideo>['data']> }) {
  const [searchParams] = useSearchParams();
  const [seekRequest] = useState(() => {
    const seconds = parseStartTime(searchParams.get('t'), video.duration);
    return seconds === null ? null : { seconds };
  });
  const recordView = useRecordView(video._id);
  const captions = useCaptionTracks(video._id, true);
  return (
    <main className="dark relative flex h-dvh w-full items-center justify-center bg-black">
      <a
        href={`/video/${encodeURIComponent(video._id)}`}
        target="_blank"
        rel="noopener"
        className="absolute inset-x-0 top-0 z-10 truncate bg-linear-to-b from-black/80 to-transparent px-3 pt-2 pb-6 text-sm font-semibold text-white hover:underline"
      >
        {video.title}
      </a>
      <div className="w-full max-w-[calc(100dvh*16/9)]">
        <VideoPlayer
          title={video.title}
          {...playableSources(video)}
          poster={video.thumbnail}
          storyboardUrl={video.storyboard}
          durationHint={video.duration}
          onPlaybackStart={recordView}
          seekRequest={seekRequest}
          captions={captions.data}
        />
      </div>
    </main>
  );
}
