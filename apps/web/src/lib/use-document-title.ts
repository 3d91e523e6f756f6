import { useEffect } from 'react';

/** Sets the tab title for the current screen: 'Trending · Kinora'. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · Kinora` : 'Kinora';
  }, [title]);
}
