export { LikesRepository } from './likes.repository';
export { LikesService } from './likes.service';
export { registerLikeRoutes } from './likes.routes';
