import type { VideoCardExtras } from '../components/video-card-extras';
import { WatchedPart } from '../features/history/components/WatchedPart';
import { WatchLaterCardButton } from '../features/playlists/components/WatchLaterCardButton';

/** What every video card of the app carries beyond the video: see VideoCardExtras. */
export const appVideoCardExtras: VideoCardExtras = {
  ThumbnailAction: WatchLaterCardButton,
  WatchedPart,
};
