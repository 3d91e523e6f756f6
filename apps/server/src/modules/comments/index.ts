export { CommentsRepository } from './comments.repository';
export { CommentsService } from './comments.service';
export { registerCommentRoutes } from './comments.routes';
export { commentsVisibleTo } from './comments.policy';
