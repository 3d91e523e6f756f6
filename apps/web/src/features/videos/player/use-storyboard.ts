import { useQuery } from '@tanstack/react-query';
import { videoKeys } from '../api/videos-api';
import { parseStoryboard, type StoryboardTile } from './storyboard';

/** The seek-preview tiles of a video, or null while loading, when absent or unreadable. */
export function useStoryboard(url: string | null): readonly StoryboardTile[] | null {
  const query = useQuery({
    queryKey: videoKeys.storyboard(url),
    enabled: Boolean(url),
    staleTime: Infinity,
    retry: false,
    queryFn: async ({ signal }) => {
      const response = await fetch(url as string, { signal });
      if (!response.ok) throw new Error(`Storyboard answered HTTP ${response.status}`);
      return parseStoryboard(await response.text(), url as string);
    },
  });
  return query.data && query.data.length > 0 ? query.data : null;
}
