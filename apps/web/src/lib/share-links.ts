/**
 * Share links use the hash form `origin/#/video/{id}` (spec §2.1) so that they work from any
 * static host; the app turns them into real paths when it loads.
 */
export type ShareKind = 'video' | 'channel' | 'playlist';

export function shareUrl(
  kind: ShareKind,
  id: string,
  origin = window.location.origin,
  /** Where a shared video starts, in whole seconds (`?t=`). */
  startAt?: number,
): string {
  const start = kind === 'video' && startAt && startAt > 0 ? `?t=${Math.floor(startAt)}` : '';
  return `${origin}/#/${kind}/${encodeURIComponent(id)}${start}`;
}

/**
 * The real path a share hash points to, e.g. '#/video/abc' -> '/video/abc' and
 * '#/video/abc?t=90' -> '/video/abc?t=90'; null otherwise.
 */
export function pathFromShareHash(hash: string): string | null {
  const match = /^#\/(video|channel|playlist)\/([^/?#]+)\/?(\?t=\d{1,6})?$/.exec(hash);
  if (!match) return null;
  const start = match[1] === 'video' ? (match[3] ?? '') : '';
  return `/${match[1]}/${match[2]}${start}`;
}

const escapeAttribute = (value: string) =>
  value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The code that puts a video's player in another site's page (`/embed/{id}`). */
export function embedCode(
  { id, title }: { id: string; title: string },
  origin = window.location.origin,
  startAt?: number,
): string {
  const start = startAt && startAt > 0 ? `?t=${Math.floor(startAt)}` : '';
  const src = `${origin}/embed/${encodeURIComponent(id)}${start}`;
  return (
    `<iframe src="${escapeAttribute(src)}" width="560" height="315" title="${escapeAttribute(title)}"` +
    ` frameborder="0" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe>`
  );
}
