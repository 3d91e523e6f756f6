import type { Video } from '@kinora/contract';
import { api } from './api';

/**
 * The newest `limit` videos of `userId`, drafts and unfinished ones included: the listing shows
 * them to their owner (the dashboard's recent videos, My Videos).
 */
export async function fetchOwnVideos(
  userId: string,
  limit: number,
  signal?: AbortSignal,
): Promise<Video[]> {
  const page = await api('listVideos', { query: { userId, limit }, signal });
  return page.videos;
}
