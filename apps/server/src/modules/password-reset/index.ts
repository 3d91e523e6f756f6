export { PasswordResetRepository } from './password-reset.repository';
export { PasswordResetService } from './password-reset.service';
export { ResetLinks, resetLinkLifetimeMs } from './reset-links';
export { registerPasswordResetRoutes } from './password-reset.routes';
export { createResetLinkCommand, resetLinkUsage } from './reset-link.command';
