import { useEffect, useState, type ComponentType } from 'react';
import type { VideoCardExtras } from '../components/video-card-extras';
import { useSession } from '../lib/auth';

/**
 * A component whose code loads when it is first drawn, so it is not part of the first load:
 * nothing shows until then (these are a corner button and a thin bar over a thumbnail, placed
 * absolutely, so nothing moves), and later mounts draw at once.
 */
export function loadedOnDemand<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  return function LoadedOnDemand(props: P) {
    const [Loaded, setLoaded] = useState(() => loaded);
    useEffect(() => {
      if (Loaded) return;
      let isMounted = true;
      loading ??= load().then((component) => (loaded = component));
      loading.then(
        (component) => {
          if (isMounted) setLoaded(() => component);
        },
        () => {
          loading = null; // A failed download is tried again by the next card drawn.
        },
      );
      return () => {
        isMounted = false;
      };
    }, [Loaded]);
    return Loaded ? <Loaded {...props} /> : null;
  };
}

const WatchLaterCardButton = loadedOnDemand(
  async () =>
    (await import('../features/playlists/components/WatchLaterCardButton')).WatchLaterCardButton,
);

const WatchedPart = loadedOnDemand(
  async () => (await import('../features/history/components/WatchedPart')).WatchedPart,
);

/** The part watched is the signed-in person's own: its code never loads for a visitor. */
function SignedInWatchedPart(props: { videoId: string; durationSeconds: number }) {
  const session = useSession();
  return session.status === 'signedIn' ? <WatchedPart {...props} /> : null;
}

/** What every video card of the app carries beyond the video: see VideoCardExtras. */
export const appVideoCardExtras: VideoCardExtras = {
  ThumbnailAction: WatchLaterCardButton,
  WatchedPart: SignedInWatchedPart,
};
