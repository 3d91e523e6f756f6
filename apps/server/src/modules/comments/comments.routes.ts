import { endpoints, type CommentPage } from '@kinora/contract';
import { shows } from '../../platform/http/kept-tags';
import { emptyAfter, type Router } from '../../platform/http/router';
import type { Storage } from '../../platform/storage/storage';
import { presentComment, presentCommentPage } from './comments.presenter';
import type { CommentsService } from './comments.service';

interface CommentRouteDeps {
  comments: CommentsService;
  storage: Storage;
}

export function registerCommentRoutes(
  router: Router,
  { comments, storage }: CommentRouteDeps,
): void {
  /** One comment as the answer gives it. */
  const present = (record: Parameters<typeof presentComment>[0]) => presentComment(record, storage);

  /** Who sees more of each computed page than a visitor (`shared` reads it). */
  const seeingMore = new WeakMap<CommentPage, readonly string[]>();

  router.route(endpoints.listComments, {
    handler: async ({ params, query, actor }) => {
      const listed = await comments.listComments({
        videoId: params.videoId,
        viewer: actor,
        ...query,
      });
      const page = presentCommentPage(listed, query, storage);
      seeingMore.set(page, listed.readersSeeingMore);
      return page;
    },
    // A visitor's page is a signed-in reader's with their own likes, unless they see more of it
    // (decision 0058).
    shared: ({ data }) => {
      const notFor = seeingMore.get(data);
      // A page showing a hidden or held comment is never a visitor's, whoever the list of
      // those who see more missed (it is read beside the page, on another connection).
      if (!notFor || data.comments.some((c) => c.moderation !== undefined)) return null;
      const ids = data.comments.map((c) => c._id);
      const withLikes = (liked: ReadonlySet<string>) => ({
        comments: data.comments.map((c) => ({ ...c, isLiked: liked.has(c._id) })),
      });
      return {
        notFor,
        personal: {
          visitor: withLikes(new Set()),
          of: async (actor) => {
            const liked = await comments.likedAmong(actor.userId, ids);
            // Most readers liked none of the page: the visitor's fields, one shared variant.
            return liked.size === 0 ? {} : withLikes(liked);
          },
        },
      };
    },
    // Whether the video may be seen, its comments, and their authors' names and pictures.
    shows: ({ params, data }) => [
      shows.video(params.videoId),
      shows.comments(params.videoId),
      ...new Set(data.comments.map((c) => shows.person(c.owner))),
    ],
  });

  router.route(endpoints.addComment, {
    handler: ({ params, body, actor }) =>
      comments
        .addComment({ videoId: params.videoId, author: actor, content: body.content })
        .then(present),
  });

  router.route(endpoints.listReplies, {
    handler: async ({ params, query, actor }) =>
      presentCommentPage(
        await comments.listReplies({ commentId: params.commentId, viewer: actor, ...query }),
        query,
        storage,
      ),
  });

  router.route(endpoints.addReply, {
    handler: ({ params, body, actor }) =>
      comments
        .addReply({ commentId: params.commentId, author: actor, content: body.content })
        .then(present),
  });

  router.route(endpoints.pinComment, {
    handler: ({ params, body, actor }) =>
      comments
        .pinComment({ commentId: params.commentId, actor, isPinned: body.isPinned })
        .then(present),
  });

  router.route(endpoints.heartComment, {
    handler: ({ params, body, actor }) =>
      comments
        .heartComment({ commentId: params.commentId, actor, isHearted: body.isHearted })
        .then(present),
  });

  router.route(endpoints.updateComment, {
    handler: ({ params, body, actor }) =>
      comments
        .editComment({ commentId: params.commentId, actor, content: body.content })
        .then(present),
  });

  router.route(endpoints.deleteComment, {
    handler: ({ params, actor }) =>
      emptyAfter(comments.deleteComment({ commentId: params.commentId, actor })),
  });
}
