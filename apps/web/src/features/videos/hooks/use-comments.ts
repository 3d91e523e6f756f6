import type { Comment, CommentPage, CommentSort } from '@kinora/contract';
import {
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type UseInfiniteQueryResult,
} from '@tanstack/react-query';
import { useToast } from '../../../components/toast';
import { api, isApiError } from '../../../lib/api';
import { numberedPages } from '../../../lib/numbered-pages';
import { COMMENTS_PAGE_SIZE, REPLIES_PAGE_SIZE, videoKeys } from '../api/videos-api';
import { logged } from './use-watch-data';

export const commentText = {
  postFailed: 'Failed to post comment. Please try again.',
  replyFailed: 'Failed to post reply. Please try again.',
  editFailed: 'Failed to save comment. Please try again.',
  likeFailed: 'Could not update your like. Please try again.',
  pinFailed: 'Could not pin the comment. Please try again.',
  heartFailed: 'Could not update the heart. Please try again.',
  deleteFailed: 'Failed to delete comment. Please try again.',
  deleted: 'Comment deleted',
} as const;

type CommentPages = InfiniteData<CommentPage, number>;

/** A refused text (a mistyped @name) says why; any other failure says the screen's words. */
const failureOf = (error: unknown, text: string) =>
  isApiError(error) && error.status === 400 && error.fromServer ? error.message : text;

/** Changes every cached comment page of a video at once (its lists and its threads). */
function updatePages(
  pages: CommentPages | undefined,
  change: (page: CommentPage, index: number) => CommentPage,
): CommentPages | undefined {
  return pages ? { ...pages, pages: pages.pages.map(change) } : pages;
}

/** What a paged list of comments shows besides its items: loading, failure, and 'more'. */
function pagingOf(query: UseInfiniteQueryResult) {
  return {
    isPending: query.isPending,
    isError: query.isError,
    retry: () => void query.refetch(),
    hasMore: query.hasNextPage,
    loadMore: () => void query.fetchNextPage(),
    isLoadingMore: query.isFetchingNextPage,
  };
}

/** A video's top comments, sorted by Top or Newest, a page at a time, with the total count. */
export function useComments(videoId: string, sort: CommentSort = 'newest') {
  const query = useInfiniteQuery({
    queryKey: videoKeys.commentList(videoId, sort),
    ...numberedPages,
    queryFn: ({ pageParam, signal }) =>
      logged('comments', () =>
        api('listComments', {
          params: { videoId },
          query: { page: pageParam, limit: COMMENTS_PAGE_SIZE, sort },
          signal,
        }),
      ),
  });
  const comments = query.data?.pages.flatMap((page) => page.comments) ?? [];
  return {
    comments,
    totalCount: query.data?.pages[0]?.totalCount ?? null,
    ...pagingOf(query),
  };
}

/** A thread's replies, oldest first, read once it is opened ('View N replies'). */
export function useReplies(videoId: string, commentId: string, isOpen: boolean) {
  const query = useInfiniteQuery({
    queryKey: videoKeys.replies(videoId, commentId),
    ...numberedPages,
    enabled: isOpen,
    queryFn: ({ pageParam, signal }) =>
      api('listReplies', {
        params: { commentId },
        query: { page: pageParam, limit: REPLIES_PAGE_SIZE },
        signal,
      }),
  });
  return {
    replies: query.data?.pages.flatMap((page) => page.comments) ?? [],
    ...pagingOf(query),
  };
}

export function useCommentActions(videoId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const all = videoKeys.comments(videoId);
  /** Changes every cached page of the video's comments: lists of each sort and threads. */
  const update = (change: (page: CommentPage, index: number) => CommentPage) =>
    queryClient.setQueriesData<CommentPages>({ queryKey: all }, (pages) =>
      updatePages(pages, change),
    );
  const updateLists = (change: (page: CommentPage, index: number) => CommentPage) =>
    queryClient.setQueriesData<CommentPages>(
      { queryKey: videoKeys.commentLists(videoId) },
      (pages) => updatePages(pages, change),
    );
  /** Changes each cached comment (lists and threads) through `change`. */
  const updateComments = (change: (comment: Comment) => Comment) =>
    update((page) => ({ ...page, comments: page.comments.map(change) }));
  const replace = (comment: Comment) =>
    updateComments((c) => (c._id === comment._id ? comment : c));
  /** Toasts why a write failed: the server's reason for a refused text, else `text`. */
  const toastFailure = (text: string) => (error: unknown) => toast.error(failureOf(error, text));

  const add = useMutation({
    mutationFn: (content: string) => api('addComment', { params: { videoId }, body: { content } }),
    onSuccess: (comment: Comment) =>
      updateLists((page, index) => ({
        ...page,
        comments: index === 0 ? [comment, ...page.comments] : page.comments,
        totalCount: page.totalCount + 1,
      })),
    onError: toastFailure(commentText.postFailed),
  });

  const addReply = useMutation({
    mutationFn: ({ commentId, content }: { commentId: string; content: string }) =>
      api('addReply', { params: { commentId }, body: { content } }),
    onSuccess: (reply: Comment) => {
      const parentId = reply.parentId ?? '';
      updateLists((page) => ({
        ...page,
        totalCount: page.totalCount + 1,
        comments: page.comments.map((c) =>
          c._id === parentId ? { ...c, repliesCount: (c.repliesCount ?? 0) + 1 } : c,
        ),
      }));
      // The thread reads again with the reply in its place (oldest first).
      void queryClient.invalidateQueries({ queryKey: videoKeys.replies(videoId, parentId) });
    },
    onError: toastFailure(commentText.replyFailed),
  });

  const edit = useMutation({
    mutationFn: ({ commentId, content }: { commentId: string; content: string }) =>
      api('updateComment', { params: { commentId }, body: { content } }),
    onSuccess: replace,
    onError: toastFailure(commentText.editFailed),
  });

  const toggleLike = useMutation({
    mutationFn: (commentId: string) => api('toggleCommentLike', { params: { id: commentId } }),
    onSuccess: (answer, commentId) =>
      updateComments((c) =>
        c._id === commentId ? { ...c, isLiked: answer.isLiked, likesCount: answer.likeCount } : c,
      ),
    onError: () => toast.error(commentText.likeFailed),
  });

  const pin = useMutation({
    mutationFn: ({ commentId, isPinned }: { commentId: string; isPinned: boolean }) =>
      api('pinComment', { params: { commentId }, body: { isPinned } }),
    onSuccess: (comment) => {
      // Pinning one unpins the other.
      updateComments((c) =>
        c._id === comment._id ? comment : comment.isPinned ? { ...c, isPinned: false } : c,
      );
      void queryClient.invalidateQueries({ queryKey: videoKeys.commentList(videoId, 'top') });
    },
    onError: toastFailure(commentText.pinFailed),
  });

  const heart = useMutation({
    mutationFn: ({ commentId, isHearted }: { commentId: string; isHearted: boolean }) =>
      api('heartComment', { params: { commentId }, body: { isHearted } }),
    onSuccess: replace,
    onError: toastFailure(commentText.heartFailed),
  });

  const remove = useMutation({
    mutationFn: (comment: Comment) => api('deleteComment', { params: { commentId: comment._id } }),
    onSuccess: (_answer, comment) => {
      // A thread goes with its replies; a reply leaves its thread one shorter.
      const gone = 1 + (comment.parentId ? 0 : (comment.repliesCount ?? 0));
      update((page) => ({
        ...page,
        comments: page.comments
          .filter((c) => c._id !== comment._id)
          .map((c) =>
            c._id === comment.parentId
              ? { ...c, repliesCount: Math.max(0, (c.repliesCount ?? 0) - 1) }
              : c,
          ),
      }));
      updateLists((page) => ({ ...page, totalCount: Math.max(0, page.totalCount - gone) }));
      toast.success(commentText.deleted);
    },
    onError: () => toast.error(commentText.deleteFailed),
  });

  /** Resolves true when the call succeeded (a form keeps its text otherwise). */
  const succeeded = (promise: Promise<unknown>) =>
    promise.then(
      () => true,
      () => false,
    );

  return {
    /** Posts a comment; resolves true when it was posted. */
    post: (content: string) => succeeded(add.mutateAsync(content)),
    isPosting: add.isPending,
    reply: (commentId: string, content: string) =>
      succeeded(addReply.mutateAsync({ commentId, content })),
    /** The comment being answered, if any. */
    replyingTo: addReply.isPending ? addReply.variables.commentId : null,
    edit: (commentId: string, content: string) =>
      succeeded(edit.mutateAsync({ commentId, content })),
    editingId: edit.isPending ? edit.variables.commentId : null,
    toggleLike: (commentId: string) => toggleLike.mutate(commentId),
    /** The comment whose like is being changed, if any. */
    likingId: toggleLike.isPending ? toggleLike.variables : null,
    pin: (commentId: string, isPinned: boolean) => pin.mutate({ commentId, isPinned }),
    pinningId: pin.isPending ? pin.variables.commentId : null,
    heart: (commentId: string, isHearted: boolean) => heart.mutate({ commentId, isHearted }),
    heartingId: heart.isPending ? heart.variables.commentId : null,
    remove: (comment: Comment) => remove.mutate(comment),
    removingId: remove.isPending ? remove.variables._id : null,
  };
}

export type CommentActions = ReturnType<typeof useCommentActions>;
