import { useParams, useSearchParams } from 'react-router';
import { ComingSoon } from '../components/ComingSoon';

/*
 * Screens that later releases build (spec core §2.1). Each route exists now and says plainly
 * that its screen is coming; no invented content.
 */

export function HomePage() {
  const { category } = useParams();
  return (
    <ComingSoon title="Home">
      {category ? (
        <p className="mt-1 text-fg-muted">
          Category: <span className="font-medium text-fg">{category}</span>
        </p>
      ) : null}
    </ComingSoon>
  );
}

export function SearchPage() {
  const [searchParams] = useSearchParams();
  const query = searchParams.get('q')?.trim();
  return (
    <ComingSoon title="Search Results">
      {query ? <p className="mt-1 text-fg-muted">Results for {query}</p> : null}
    </ComingSoon>
  );
}

/** A placeholder route element: `{ path: 'trending', element: placeholder('Trending') }`. */
export function placeholder(title: string) {
  return <ComingSoon title={title} />;
}

/** A placeholder for a tab inside a page that already has its heading. */
export function tabPlaceholder(title: string) {
  return <ComingSoon title={title} headingLevel={2} />;
}
