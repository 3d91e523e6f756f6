import type { Video } from '@kinora/contract';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Button, buttonClass } from '../../../components/Button';
import { AlertTriangleIcon, FilmIcon, SpinnerIcon } from '../../../components/icons';
import { useSession } from '../../../lib/auth';
import { cn } from '../../../lib/cn';
import { parseChapters } from '../../../lib/chapters';
import { formatDuration } from '../../../lib/format';
import { parseStartTime } from '../../../lib/start-time';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { isProcessing, watchErrorOf, watchErrors } from '../api/videos-api';
import {
  useCaptionTracks,
  useRecordView,
  useRelatedVideos,
  useVideo,
} from '../hooks/use-watch-data';
import { useWatchPosition } from '../hooks/use-watch-position';
import {
  firstRenditionPercent,
  playableSources,
  secondsUntilPlayable,
} from '../player/original-playback';
import { VideoPlayer } from '../player/VideoPlayer';
import { ChapterList } from './ChapterList';
import { ChannelRow } from './ChannelRow';
import { CommentsSection } from './CommentsSection';
import { RelatedVideos } from './RelatedVideos';
import {
  UpNextCard,
  UpNextCountdown,
  useAutoplay,
  useUpNextCountdown,
  type UpNextVideo,
} from './UpNext';
import { VideoActions } from './VideoActions';
import { ReportAction } from '../../../components/moderation-extras';
import { ModerationNotice } from '../../../components/ModerationNotice';
import { VideoDescription } from './VideoDescription';
import { Bone, BoneRow } from '../../../components/Skeleton';

/** What the page composing this one puts in the Save slot, for the video and viewer shown. */
export type RenderSaveControl = (props: { videoId: string; userId: string | null }) => ReactNode;
/** What the composing page puts in the message slot beside Subscribe, for the video's owner. */
export type RenderMessageControl = (props: { creatorId: string; creatorName: string }) => ReactNode;

/**
 * /video/{id} (core §2.8): the player, the video's details, comments and related videos. The
 * Save control comes from the playlists feature through `renderSave`, the message button from
 * the messages feature through `renderMessage` (features do not import each other; app/
 * composes them).
 */
export function WatchPage({
  renderSave,
  renderMessage,
  side,
  playlistNext,
}: {
  renderSave?: RenderSaveControl;
  renderMessage?: RenderMessageControl;
  /** Shown above the related videos (the playlist being played). */
  side?: ReactNode;
  /**
   * Watching from a playlist: its next video and where it plays (null after the last one).
   * Left out, the first related video is up next.
   */
  playlistNext?: { video: Video; path: string } | null | undefined;
} = {}) {
  const { id = '' } = useParams();
  const query = useVideo(id);
  useDocumentTitle(query.data?.title ?? (query.isError ? watchErrorOf(query.error) : 'Video'));

  if (query.isPending) return <WatchSkeleton />;
  if (query.isError) {
    return <WatchError message={watchErrorOf(query.error)} onRetry={() => void query.refetch()} />;
  }
  // A new video is a new visit: fresh player, fresh view count.
  return (
    <WatchView
      key={query.data._id}
      video={query.data}
      renderSave={renderSave}
      renderMessage={renderMessage}
      side={side}
      playlistNext={playlistNext}
    />
  );
}

function WatchView({
  video,
  renderSave,
  renderMessage,
  side,
  playlistNext,
}: {
  video: Video;
  renderSave?: RenderSaveControl | undefined;
  renderMessage?: RenderMessageControl | undefined;
  side?: ReactNode;
  playlistNext?: { video: Video; path: string } | null | undefined;
}) {
  const session = useSession();
  const viewer = session.status === 'signedIn' ? session.user : null;
  const upNext = useUpNext(video._id, playlistNext);
  const autoplay = useAutoplay(viewer?._id ?? null);
  const navigate = useNavigate();
  const countdown = useUpNextCountdown(() => {
    if (upNext) void navigate(upNext.path);
  });
  // A playlist plays on (as Play All means); a related video only with Autoplay on.
  const playsNext = upNext !== null && (upNext.fromPlaylist || autoplay.isOn);
  const onEnded = playsNext ? countdown.start : undefined;
  const recordView = useRecordView(video._id);
  // The original only where this browser decodes it (issue 22), else the ladder once it exists.
  const sources = playableSources(video);
  const hasMedia = Boolean(sources.fileUrl || sources.hlsUrl);
  const position = useWatchPosition(video._id, video.duration, viewer !== null);
  const captions = useCaptionTracks(video._id, hasMedia);
  // A link's `?t=` start time, read once per visit: it wins over the offer to resume.
  const [searchParams] = useSearchParams();
  const [startAt] = useState(() => parseStartTime(searchParams.get('t'), video.duration));
  const [seekRequest, setSeekRequest] = useState<{ seconds: number } | null>(() =>
    startAt === null ? null : { seconds: startAt },
  );
  const [isResumeDismissed, setIsResumeDismissed] = useState(startAt !== null);
  const resumeAt = isResumeDismissed ? null : position.resumeAt;
  const chapters = useMemo(
    () => parseChapters(video.description, video.duration),
    [video.description, video.duration],
  );
  const playerRef = useRef<HTMLDivElement>(null);
  // A time in the description or a comment: the player goes there and comes into view.
  const seekFromText = useCallback((seconds: number) => {
    setSeekRequest({ seconds });
    const calm = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    playerRef.current?.scrollIntoView?.({ block: 'start', behavior: calm ? 'auto' : 'smooth' });
  }, []);

  const theater = useTheaterMode();
  const currentTime = useCallback(
    () => playerRef.current?.querySelector('video')?.currentTime ?? 0,
    [],
  );

  // One grid, the same elements in the same order whatever the mode (switching must not
  // restart the player): on wide screens the player sits beside the related videos, or, in
  // theater mode, spans the width above the page.
  return (
    <div className="mx-auto grid w-full max-w-content grid-cols-1 gap-x-6 pb-10 sm:px-6 sm:pt-6 xl:grid-cols-[minmax(0,1fr)_20rem] 2xl:grid-cols-[minmax(0,1fr)_24rem]">
      <div
        ref={playerRef}
        className={cn(
          'relative min-w-0 scroll-mt-topbar',
          theater.isOn
            ? 'xl:col-span-2 xl:mx-auto xl:w-full xl:max-w-[calc((100vh-8rem)*16/9)]'
            : 'xl:col-start-1 xl:row-start-1',
        )}
      >
        {hasMedia ? (
          <VideoPlayer
            title={video.title}
            fileUrl={sources.fileUrl}
            hlsUrl={sources.hlsUrl}
            poster={video.thumbnail}
            storyboardUrl={video.storyboard}
            chapters={chapters}
            durationHint={video.duration}
            onPlaybackStart={recordView}
            onSavePosition={viewer ? position.savePosition : undefined}
            seekRequest={seekRequest}
            onEnded={onEnded}
            theater={theater}
            captions={captions.data}
            personId={viewer?._id ?? null}
          />
        ) : video.videofile && isProcessing(video) ? (
          <PreparingVideo video={video} />
        ) : (
          <div className="dark flex aspect-video w-full flex-col items-center justify-center gap-2 bg-canvas text-fg-muted sm:rounded-lg">
            <FilmIcon size={36} />
            <p className="font-medium text-fg">
              {video.videofile
                ? 'This video cannot be played in this browser'
                : 'Video not available'}
            </p>
          </div>
        )}
        {upNext && countdown.seconds !== null ? (
          <UpNextCountdown
            next={upNext}
            seconds={countdown.seconds}
            onCancel={countdown.cancel}
            onPlayNow={() => void navigate(upNext.path)}
          />
        ) : null}
      </div>

      <div className="flex min-w-0 flex-col gap-4 px-4 pt-3 sm:px-0 xl:col-start-1">
        {hasMedia && resumeAt !== null ? (
          <ResumeOffer
            seconds={resumeAt}
            onResume={() => {
              setSeekRequest({ seconds: resumeAt });
              setIsResumeDismissed(true);
            }}
            onDismiss={() => setIsResumeDismissed(true)}
          />
        ) : null}
        <ProcessingNote
          video={video}
          playing={hasMedia ? (sources.fileUrl ? 'original' : 'ladder') : null}
        />
        <ModerationNotice notice={video.moderation} />
        <h1 className="text-xl leading-snug font-bold tracking-tight break-words text-fg sm:text-2xl">
          {video.title.trim() || 'Untitled Video'}
        </h1>
        <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-3">
          <ChannelRow
            owner={video.owner}
            viewerId={viewer?._id ?? null}
            messageControl={renderMessage?.({
              creatorId: video.owner._id,
              creatorName: video.owner.fullname || video.owner.username,
            })}
          />
          <VideoActions
            videoId={video._id}
            title={video.title}
            currentTime={currentTime}
            likes={video.likes}
            isSignedIn={viewer !== null}
            saveControl={renderSave?.({ videoId: video._id, userId: viewer?._id ?? null })}
            reportControl={
              <ReportAction
                target={{
                  targetKind: 'video',
                  targetId: video._id,
                  ownerId: video.owner._id,
                  label: 'video',
                }}
              />
            }
          />
        </div>
        <VideoDescription
          description={video.description}
          views={video.views}
          createdAt={video.createdAt}
          onSeek={hasMedia ? seekFromText : undefined}
        />
        {hasMedia && chapters ? <ChapterList chapters={chapters} onSeek={seekFromText} /> : null}
        <CommentsSection
          videoId={video._id}
          videoOwner={video.owner}
          fallbackCount={video.comments}
          viewer={viewer}
          onSeek={hasMedia ? seekFromText : undefined}
        />
      </div>
      <div
        className={cn(
          'mt-6 flex min-w-0 flex-col gap-6 px-4 sm:px-0 xl:col-start-2 xl:mt-0',
          theater.isOn ? 'xl:row-start-2 xl:pt-3' : 'xl:row-span-2 xl:row-start-1',
        )}
      >
        {upNext ? <UpNextCard next={upNext} autoplay={autoplay} /> : null}
        {side}
        <aside aria-label="Related videos">
          <RelatedVideos watchingId={video._id} />
        </aside>
      </div>
    </div>
  );
}

const THEATER_STORAGE_KEY = 'kinora.theaterMode';

/** Theater mode on wide screens, remembered on this device. */
/**
 * What plays after this video: the playlist's next when watching from one (none after its
 * last), else the first related video.
 */
function useUpNext(
  watchingId: string,
  playlistNext: { video: Video; path: string } | null | undefined,
): UpNextVideo | null {
  const related = useRelatedVideos(watchingId);
  if (playlistNext !== undefined) {
    return playlistNext ? { ...playlistNext, fromPlaylist: true } : null;
  }
  const first = related.data?.[0];
  return first
    ? { video: first, path: `/video/${encodeURIComponent(first._id)}`, fromPlaylist: false }
    : null;
}

function useTheaterMode(): { isOn: boolean; toggle: () => void } {
  const [isOn, setIsOn] = useState(() => {
    try {
      return window.localStorage.getItem(THEATER_STORAGE_KEY) === 'on';
    } catch {
      return false;
    }
  });
  const toggle = useCallback(() => {
    setIsOn((was) => {
      try {
        window.localStorage.setItem(THEATER_STORAGE_KEY, was ? 'off' : 'on');
      } catch {
        // Not remembered: the mode holds for this page.
      }
      return !was;
    });
  }, []);
  return useMemo(() => ({ isOn, toggle }), [isOn, toggle]);
}

/** 'Resume from 6:17?': where the viewer stopped last time, offered once per visit. */
function ResumeOffer({
  seconds,
  onResume,
  onDismiss,
}: {
  seconds: number;
  onResume: () => void;
  onDismiss: () => void;
}) {
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-info-soft px-3 py-2 text-sm text-info"
    >
      <span>You stopped at {formatDuration(seconds)} last time.</span>
      <span className="flex gap-2">
        <Button size="sm" onClick={onResume}>
          Resume from {formatDuration(seconds)}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDismiss}>
          Start over
        </Button>
      </span>
    </div>
  );
}

/**
 * In place of the player while nothing of the video plays in this browser yet (an original it
 * cannot decode, issue 22): what is happening and for about how long, never a frozen frame.
 */
function PreparingVideo({ video }: { video: Video }) {
  const percent = firstRenditionPercent(video);
  return (
    <div
      role="status"
      className="dark flex aspect-video w-full flex-col items-center justify-center gap-3 bg-canvas px-6 text-center text-fg-muted sm:rounded-lg"
    >
      <SpinnerIcon size={32} className="animate-spin text-fg" />
      <p className="font-semibold text-fg">
        Preparing your video… about {secondsUntilPlayable(video)} s
      </p>
      <div
        role="progressbar"
        aria-label="Preparing the first quality"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-1.5 w-48 max-w-full overflow-hidden rounded-full bg-fg/20"
      >
        <div className="h-full rounded-full bg-fg" style={{ width: `${percent}%` }} />
      </div>
      {/* The why, where there is room for it (a phone's player is too short). */}
      <p className="hidden max-w-sm text-sm sm:block">
        This browser cannot play the uploaded file as it is; every quality is being made at once,
        and it starts playing here as soon as the first seconds of each are ready.
      </p>
    </div>
  );
}

/** Says how far processing has got while the original upload, or the first rendition, plays. */
function ProcessingNote({
  video,
  playing,
}: {
  video: Video;
  /** What the player plays, or null when nothing plays yet (PreparingVideo says it). */
  playing: 'original' | 'ladder' | null;
}) {
  if (isProcessing(video)) {
    if (playing === null) return null;
    const percent = Math.round((video.processingProgress ?? 0) * 100);
    const ready = video.renditions?.filter((r) => r.ready).map((r) => r.name) ?? [];
    return (
      <p
        role="status"
        className="flex items-start gap-2 rounded-md bg-info-soft px-3 py-2 text-sm text-info"
      >
        <SpinnerIcon size={16} className="mt-0.5 shrink-0 animate-spin" />
        <span>
          <span className="font-semibold">Processing… {percent}%</span>{' '}
          {playing === 'original'
            ? 'You are watching the original upload; more qualities follow when it is done.'
            : ready.length === 0
              ? 'You are watching it while it is made; it plays on as the rest comes.'
              : ready.length === (video.renditions?.length ?? 0)
                ? 'Every quality is ready; the preview pictures follow.'
                : `You are watching ${ready.join(', ')}; more qualities follow when it is done.`}
        </span>
      </p>
    );
  }
  if (video.status === 'failed' && video.videofile) {
    return (
      <p className="flex items-start gap-2 rounded-md bg-warning-soft px-3 py-2 text-sm text-warning">
        <AlertTriangleIcon size={16} className="mt-0.5 shrink-0" />
        {playing === 'original'
          ? 'Processing this video failed; the original upload is shown instead.'
          : playing === 'ladder'
            ? 'Processing this video failed; it plays in the qualities made before.'
            : 'Processing this video failed.'}
      </p>
    );
  }
  return null;
}

function WatchError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const isNotFound = message === watchErrors.notFound;
  return (
    <section className="mx-auto flex w-full max-w-lg flex-col items-center gap-3 px-4 py-16 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-danger-soft text-danger">
        {isNotFound ? <FilmIcon size={26} /> : <AlertTriangleIcon size={26} />}
      </span>
      <h1 className="text-2xl font-bold tracking-tight text-fg">{message}</h1>
      <p className="text-fg-muted">
        {isNotFound
          ? 'It may have been removed, or the link may be wrong.'
          : 'Check your connection and try again.'}
      </p>
      <div className="mt-2 flex gap-2">
        {isNotFound ? null : <Button onClick={onRetry}>Try Again</Button>}
        <Link to="/" className={buttonClass({ variant: isNotFound ? 'primary' : 'secondary' })}>
          Go to Home
        </Link>
      </div>
    </section>
  );
}

function WatchSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading video"
      className="mx-auto flex w-full max-w-content animate-pulse flex-col gap-6 sm:px-6 sm:pt-6 xl:flex-row"
    >
      <div className="min-w-0 flex-1">
        <Bone className="aspect-video w-full rounded-none sm:rounded-lg" />
        <div className="space-y-3 px-4 pt-4 sm:px-0">
          <Bone className="h-6 w-3/4" />
          <div className="flex items-center gap-3">
            <Bone className="size-10 rounded-full" />
            <Bone className="h-4 w-40" />
          </div>
          <Bone className="h-20 rounded-lg" />
        </div>
      </div>
      <div className="hidden shrink-0 space-y-3 xl:block xl:w-80 2xl:w-96">
        {[0, 1, 2, 3].map((i) => (
          <BoneRow
            key={i}
            className="gap-2"
            media="aspect-video w-40 rounded-lg"
            bars={['h-3.5', 'h-3 w-1/2']}
          />
        ))}
      </div>
    </div>
  );
}
