import type { Playlist } from '@kinora/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { PencilIcon, PlaylistIcon, TrashIcon } from '../../../components/icons';
import { cn } from '../../../lib/cn';
import { formatRelativeTime } from '../../../lib/format';
import { playlistText, videoCountLabel } from '../api/playlists-api';
import { Bone } from '../../../components/Skeleton';
import { ThumbnailBox } from '../../../components/ThumbnailBox';
import { usePopupDismiss } from '../../../lib/use-popup-dismiss';

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

/** The card's ⋮ menu: a button that opens two actions; Escape or a click elsewhere closes it. */
function CardMenu({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  usePopupDismiss({ isOpen, setIsOpen, wrapperRef, buttonRef });
  useEffect(() => {
    if (isOpen) wrapperRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [isOpen]);

  const choose = (action: () => void) => {
    setIsOpen(false);
    action();
  };
  const item =
    'flex w-full items-center gap-2 rounded-sm px-3 py-2 text-left text-sm hover:bg-raised focus-visible:bg-raised';

  return (
    <div ref={wrapperRef} className="relative shrink-0">
      <button
        ref={buttonRef}
        type="button"
        aria-label={`Options for ${name}`}
        title="Options"
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        onClick={() => setIsOpen((open) => !open)}
        className="inline-flex size-9 items-center justify-center rounded-full text-fg hover:bg-raised"
      >
        <svg width="20" height="20" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
          <circle cx="12" cy="5" r="2" />
          <circle cx="12" cy="12" r="2" />
          <circle cx="12" cy="19" r="2" />
        </svg>
      </button>
      {isOpen ? (
        <div
          id={menuId}
          role="menu"
          aria-label={`Options for ${name}`}
          className="absolute right-0 z-20 mt-1 w-48 rounded-md border border-border bg-surface p-1 shadow-pop"
        >
          <button
            type="button"
            role="menuitem"
            className={cn(item, 'text-fg')}
            onClick={() => choose(onEdit)}
          >
            <PencilIcon size={16} />
            {playlistText.edit}
          </button>
          <button
            type="button"
            role="menuitem"
            className={cn(item, 'text-danger')}
            onClick={() => choose(onDelete)}
          >
            <TrashIcon size={16} />
            {playlistText.delete}
          </button>
        </div>
      ) : null}
    </div>
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
