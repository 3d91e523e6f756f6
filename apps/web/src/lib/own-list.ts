import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';

/** The loaded pages of a keyset-paged list. */
export type ListPages<T> = InfiniteData<T[], string | undefined>;

/**
 * A person's own list (history, liked videos) once the server agreed to a change: the loaded
 * pages change in place (no read again, so the reader keeps their place), and the feature's
 * other queries (under `root` but not its `list`) read again.
 */
export function changeOwnList<T>(
  queryClient: QueryClient,
  { root, list }: { root: QueryKey; list: QueryKey },
  change: (pages: ListPages<T>) => ListPages<T>,
): void {
  queryClient.setQueryData<ListPages<T>>(list, (data) => data && change(data));
  void queryClient.invalidateQueries({
    queryKey: root,
    predicate: (q) => q.queryKey[1] !== 'list',
  });
}

/** The pages without the item of this id. */
export function withoutItem<T extends { _id: string }>(id: string) {
  return (data: ListPages<T>): ListPages<T> => ({
    ...data,
    pages: data.pages.map((page) => page.filter((item) => item._id !== id)),
  });
}
