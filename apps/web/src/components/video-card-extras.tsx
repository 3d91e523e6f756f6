import { createContext, useContext, type ComponentType, type ReactNode } from 'react';

/**
 * What the app adds to every video card from the features that own it: the one-click save on
 * the thumbnail (playlists) and the bar of the part watched (history). Cards are shared
 * components that may not import features, so the app hands these in here; without a provider
 * (a feature's own tests) a card has neither.
 */
export interface VideoCardExtras {
  /** A small control over the thumbnail's corner, e.g. "Save to Watch later". */
  ThumbnailAction?: ComponentType<{ videoId: string; title: string }>;
  /** Drawn inside the thumbnail box: the bar of the part the viewer watched. */
  WatchedPart?: ComponentType<{ videoId: string; durationSeconds: number }>;
}

const VideoCardExtrasContext = createContext<VideoCardExtras>({});

export function VideoCardExtrasProvider({
  extras,
  children,
}: {
  extras: VideoCardExtras;
  children: ReactNode;
}) {
  return <VideoCardExtrasContext value={extras}>{children}</VideoCardExtrasContext>;
}

export function useVideoCardExtras(): VideoCardExtras {
  return useContext(VideoCardExtrasContext);
}
