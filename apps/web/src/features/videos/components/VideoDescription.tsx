import { useState } from 'react';
import { formatRelativeTime } from '../../../lib/format';
import { RichText } from '../../../components/RichText';
import { countLabel } from '../../../components/VideoCard';

/** Longer than this, the description starts folded with a Show more toggle. */
const FOLD_AT_CHARS = 280;

/**
 * Views, date and the description (fallback 'No description available.'), its addresses and
 * @names as links and its times moving the player (`onSeek`).
 */
export function VideoDescription({
  description,
  views,
  createdAt,
  onSeek,
}: {
  description: string;
  views: number;
  createdAt: string;
  onSeek?: ((seconds: number) => void) | undefined;
}) {
  const text = description.trim();
  const isLong = text.length > FOLD_AT_CHARS || text.split('\n').length > 4;
  const [isExpanded, setIsExpanded] = useState(false);

  return (
    <div className="rounded-lg bg-raised p-3 text-sm sm:p-4">
      <p className="font-semibold text-fg">
        <span title={`${views.toLocaleString()} views`}>{countLabel(views, 'view', 'views')}</span>
        <span aria-hidden="true"> · </span>
        <time dateTime={createdAt} title={new Date(createdAt).toLocaleString()}>
          {formatRelativeTime(createdAt)}
        </time>
      </p>
      {text ? (
        <>
          <p
            className={
              isLong && !isExpanded
                ? 'mt-1 line-clamp-3 break-words whitespace-pre-line text-fg'
                : 'mt-1 break-words whitespace-pre-line text-fg'
            }
          >
            <RichText text={text} onSeek={onSeek} />
          </p>
          {isLong ? (
            <button
              type="button"
              aria-expanded={isExpanded}
              onClick={() => setIsExpanded((e) => !e)}
              className="mt-1 rounded-sm font-semibold text-fg hover:underline"
            >
              {isExpanded ? 'Show less' : 'Show more'}
            </button>
          ) : null}
        </>
      ) : (
        <p className="mt-1 text-fg-muted italic">No description available.</p>
      )}
    </div>
  );
}
