/** Where a video plays. */
export function videoPathOf(videoId: string): string {
  return `/video/${encodeURIComponent(videoId)}`;
}

/** A channel's page. */
export function channelPathOf(channelId: string): string {
  return `/channel/${encodeURIComponent(channelId)}`;
}
