export { ModerationRepository } from './moderation.repository';
export { ModerationService, queueGroupLimit, type SessionEnder } from './moderation.service';
export { registerModerationRoutes } from './moderation.routes';
export { canActOn, canModerate } from './moderation.policy';
export { keepAdminAccount } from './admin-account';
