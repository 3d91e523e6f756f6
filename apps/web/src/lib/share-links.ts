/**
 * Share links use the hash form `origin/#/video/{id}` (spec §2.1) so that they work from any
 * static host; the app turns them into real paths when it loads.
 */
export type ShareKind = 'video' | 'channel' | 'playlist';

export function shareUrl(kind: ShareKind, id: string, origin = window.location.origin): string {
  return `${origin}/#/${kind}/${encodeURIComponent(id)}`;
}

/** The real path a share hash points to, e.g. '#/video/abc' -> '/video/abc'; null otherwise. */
export function pathFromShareHash(hash: string): string | null {
  const match = /^#\/(video|channel|playlist)\/([^/?#]+)\/?$/.exec(hash);
  if (!match) return null;
  return `/${match[1]}/${match[2]}`;
}
