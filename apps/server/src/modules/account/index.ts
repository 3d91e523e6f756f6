export { AccountService } from './account.service';
export { AccountDeletionRepository } from './account-deletion.repository';
export { AccountExportRepository } from './account-export.repository';
export { SessionsRepository } from './sessions.repository';
export { registerAccountRoutes, passwordCheckBudget } from './account.routes';
export {
  canDeleteAccount,
  canEndSession,
  canExportAccount,
  canSeeSessions,
} from './account.policy';
export { describeUserAgent } from './user-agent';
