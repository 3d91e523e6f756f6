export {
  completeTwoFactorLogin,
  login,
  logout,
  register,
  replaceSessionUser,
  sessionQueryKey,
  useCompleteTwoFactorLogin,
  useLogin,
  useLogout,
  useRegister,
  useSession,
  useSessionSync,
  type RegisterInput,
  type Session,
} from './session';
export type { StoredUser } from './stored-user';
export {
  announceProfileUpdated,
  PROFILE_UPDATED_EVENT,
  useOnProfileUpdated,
} from './profile-events';
