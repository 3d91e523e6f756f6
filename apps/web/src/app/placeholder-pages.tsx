import { ComingSoon } from '../components/ComingSoon';

/*
 * Screens that later releases build (spec core §2.1). Each route exists now and says plainly
 * that its screen is coming; no invented content.
 */

/** A placeholder route element: `{ path: 'trending', element: placeholder('Trending') }`. */
export function placeholder(title: string) {
  return <ComingSoon title={title} />;
}

/** A placeholder for a tab inside a page that already has its heading. */
export function tabPlaceholder(title: string) {
  return <ComingSoon title={title} headingLevel={2} />;
}
