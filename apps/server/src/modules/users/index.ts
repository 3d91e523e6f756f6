export { UsersRepository, unknownUsernames, userExists, type UserRow } from './users.repository';
export { assertMentionsExist } from './mentions';
export { UsersService } from './users.service';
export {
  presentChannelSummary,
  presentCurrentUser,
  presentOwnAccount,
  type PersonSummaryRow,
} from './users.presenter';
export { registerUserRoutes, type SignInRouteDeps } from './users.routes';
export {
  grantUserRole,
  parseUserRoleArgs,
  UserRoleUsageError,
  userRoleUsage,
} from './user-role.command';
