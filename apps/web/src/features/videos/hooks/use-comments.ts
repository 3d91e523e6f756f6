import type { Comment, CommentPage } from '@kinora/contract';
import {
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { useToast } from '../../../components/toast';
import { api } from '../../../lib/api';
import { COMMENTS_PAGE_SIZE, videoKeys } from '../api/videos-api';
import { logged } from './use-watch-data';

export const commentText = {
  postFailed: 'Failed to post comment. Please try again.',
  likeFailed: 'Could not update your like. Please try again.',
  deleteFailed: 'Failed to delete comment. Please try again.',
  deleted: 'Comment deleted',
} as const;

type CommentPages = InfiniteData<CommentPage, number>;

/** Changes every cached comment page of a video at once. */
function updatePages(
  pages: CommentPages | undefined,
  change: (page: CommentPage, index: number) => CommentPage,
): CommentPages | undefined {
  return pages ? { ...pages, pages: pages.pages.map(change) } : pages;
}

/** A video's comments, newest first, a page at a time, with the total count. */
export function useComments(videoId: string) {
  const query = useInfiniteQuery({
    queryKey: videoKeys.comments(videoId),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      logged('comments', () =>
        api('listComments', {
          params: { videoId },
          query: { page: pageParam, limit: COMMENTS_PAGE_SIZE },
          signal,
        }),
      ),
    getNextPageParam: (last) => (last.hasNextPage ? last.page + 1 : undefined),
  });
  const comments = query.data?.pages.flatMap((page) => page.comments) ?? [];
  return {
    comments,
    totalCount: query.data?.pages[0]?.totalCount ?? null,
    isPending: query.isPending,
    isError: query.isError,
    retry: () => void query.refetch(),
    hasMore: query.hasNextPage,
    loadMore: () => void query.fetchNextPage(),
    isLoadingMore: query.isFetchingNextPage,
  };
}

export function useCommentActions(videoId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const key = videoKeys.comments(videoId);
  const update = (change: (page: CommentPage, index: number) => CommentPage) =>
    queryClient.setQueryData<CommentPages>(key, (pages) => updatePages(pages, change));

  const add = useMutation({
    mutationFn: (content: string) => api('addComment', { params: { videoId }, body: { content } }),
    onSuccess: (comment: Comment) =>
      update((page, index) => ({
        ...page,
        comments: index === 0 ? [comment, ...page.comments] : page.comments,
        totalCount: page.totalCount + 1,
      })),
    onError: () => toast.error(commentText.postFailed),
  });

  const toggleLike = useMutation({
    mutationFn: (commentId: string) => api('toggleCommentLike', { params: { id: commentId } }),
    onSuccess: (answer, commentId) =>
      update((page) => ({
        ...page,
        comments: page.comments.map((c) =>
          c._id === commentId ? { ...c, isLiked: answer.isLiked, likesCount: answer.likeCount } : c,
        ),
      })),
    onError: () => toast.error(commentText.likeFailed),
  });

  const remove = useMutation({
    mutationFn: (commentId: string) => api('deleteComment', { params: { commentId } }),
    onSuccess: (_answer, commentId) => {
      update((page) => ({
        ...page,
        comments: page.comments.filter((c) => c._id !== commentId),
        totalCount: Math.max(0, page.totalCount - 1),
      }));
      toast.success(commentText.deleted);
    },
    onError: () => toast.error(commentText.deleteFailed),
  });

  return {
    /** Posts a comment; resolves true when it was posted. */
    post: (content: string) =>
      add.mutateAsync(content).then(
        () => true,
        () => false,
      ),
    isPosting: add.isPending,
    toggleLike: (commentId: string) => toggleLike.mutate(commentId),
    /** The comment whose like is being changed, if any. */
    likingId: toggleLike.isPending ? toggleLike.variables : null,
    remove: (commentId: string) => remove.mutate(commentId),
    removingId: remove.isPending ? remove.variables : null,
  };
}
