import type { Playlist } from '@kinora/contract';
import { Link } from 'react-router';
import { ActionsMenu } from '../../../components/ActionsMenu';
import { PencilIcon, PlaylistIcon, TrashIcon } from '../../../components/icons';
import { cn } from '../../../lib/cn';
import { formatRelativeTime } from '../../../lib/format';
import { playlistText, videoCountLabel } from '../api/playlists-api';
import { Bone } from '../../../components/Skeleton';
import { ThumbnailBox } from '../../../components/ThumbnailBox';

/**
 * The first video's thumbnail in a 16:9 box, with the spec's three fallbacks: 'Empty Playlist'
 * (no videos), 'No Thumbnail' (the first video has none) and 'No Thumbnail Available' (the
 * image failed to load).
 */
export function PlaylistThumbnail({
  playlist,
  className,
}: {
  playlist: Playlist;
  className?: string;
}) {
  const first = playlist.videos[0];
  return (
    <ThumbnailBox
      src={first?.thumbnail || null}
      className={className}
      fallback={(hasFailed) => (
        <span className="absolute inset-0 flex flex-col items-center justify-center gap-1 text-sm text-fg-muted">
          <PlaylistIcon size={28} />
          {!first
            ? playlistText.emptyPlaylist
            : hasFailed
              ? playlistText.noThumbnailAvailable
              : playlistText.noThumbnail}
        </span>
      )}
    />
  );
}

/** A visibility other than public, as a small label (public needs none). */
export function VisibilityBadge({ playlist }: { playlist: Playlist }) {
  if (playlist.visibility === 'public') return null;
  return (
    <span className="rounded-sm bg-raised px-1.5 py-0.5 text-xs font-medium text-fg-muted capitalize">
      {playlist.visibility}
    </span>
  );
}

/**
 * A playlist on /playlists (spec §2): the menu (Edit, Delete; not for Watch later, which is
 * built in), the PLAYLIST and count badges, the first thumbnail, name, description and
 * 'Created {time}'. The name is the link to /playlist/{id}.
 */
export function PlaylistCard({
  playlist,
  onEdit,
  onDelete,
}: {
  playlist: Playlist;
  /** With both actions the card has its menu (the owner's /playlists); without, none. */
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  const isBuiltIn = playlist.kind === 'watch_later';
  const path = `/playlist/${encodeURIComponent(playlist._id)}`;
  const badge = 'dark rounded-sm bg-canvas/85 px-1.5 py-0.5 text-xs font-semibold text-fg';
  return (
    <article className="group relative flex min-w-0 flex-col gap-3">
      <div className="relative">
        <Link to={path} tabIndex={-1} aria-hidden="true" className="block rounded-lg">
          <PlaylistThumbnail
            playlist={playlist}
            className="transition-shadow group-hover:shadow-card"
          />
        </Link>
        <span className={cn(badge, 'absolute top-1.5 left-1.5 tracking-wider')}>
          {playlistText.badge}
        </span>
        <span className={cn(badge, 'absolute right-1.5 bottom-1.5 tabular-nums')}>
          {videoCountLabel(playlist.videoCount)}
        </span>
      </div>
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <h3 className="line-clamp-2 text-base leading-snug font-semibold text-fg">
            <Link to={path} className="rounded-sm hover:text-accent-text">
              {playlist.name}
            </Link>
          </h3>
          {playlist.description ? (
            <p className="mt-1 line-clamp-2 text-sm text-fg-muted">{playlist.description}</p>
          ) : null}
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-fg-muted">
            <span>Created {formatRelativeTime(playlist.createdAt)}</span>
            <VisibilityBadge playlist={playlist} />
          </p>
        </div>
        {!isBuiltIn && onEdit && onDelete ? (
          <CardMenu name={playlist.name} onEdit={onEdit} onDelete={onDelete} />
        ) : null}
      </div>
    </article>
  );
}

/** The card's ⋮ menu: Edit and Delete. */
function CardMenu({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <ActionsMenu
      label={`Options for ${name}`}
      menuClassName="w-48"
      items={[
        {
          key: 'edit',
          icon: <PencilIcon size={16} />,
          children: playlistText.edit,
          onSelect: onEdit,
        },
        {
          key: 'delete',
          icon: <TrashIcon size={16} />,
          children: playlistText.delete,
          tone: 'danger',
          onSelect: onDelete,
        },
      ]}
    />
  );
}

export function PlaylistCardSkeleton() {
  return (
    <div aria-hidden="true" className="flex animate-pulse flex-col gap-3">
      <Bone className="aspect-video rounded-lg" />
      <Bone className="h-4 w-3/4" />
      <Bone className="h-3 w-1/2" />
    </div>
  );
}
