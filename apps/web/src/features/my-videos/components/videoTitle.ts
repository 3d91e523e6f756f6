import type { Video } from '@kinora/contract';
import { videoCardText } from '../../../components/VideoCard';

/** The name a control uses for a video ('Delete Untitled Video' when it has no title). */
export function videoTitle(video: Video): string {
  return video.title.trim() || videoCardText.untitled;
}
