import { z } from 'zod';
import { IsoDate, partialUpdate } from './common';
import { limits } from './limits';
import { MessagePolicy } from './messages';
import { OwnAccount } from './people';

const trimmed = (field: string) =>
  z
    .string({ message: `${field} is required` })
    .trim()
    .min(1, `${field} is required`);

export const Username = z
  .string({ message: 'Username is required' })
  .trim()
  .toLowerCase()
  .min(limits.username.min, `Username must be at least ${limits.username.min} characters`)
  .max(limits.username.max, `Username must be at most ${limits.username.max} characters`)
  .regex(
    /^[a-z0-9_.]+$/,
    'Username may contain only letters, digits, underscores (_) and dots (.)',
  );

export const Email = z
  .string({ message: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(limits.email.max, 'Email is too long')
  .pipe(z.email({ message: 'Email must be a valid email address' }));

export const Password = z
  .string({ message: 'Password is required' })
  .min(limits.password.min, `Password must be at least ${limits.password.min} characters`)
  .max(limits.password.max, `Password must be at most ${limits.password.max} characters`);

export const Fullname = trimmed('Full name').max(
  limits.fullname.max,
  `Full name must be at most ${limits.fullname.max} characters`,
);

/** Text fields of the multipart registration form; the files (avatar, coverImage) travel beside them. */
export const RegisterFields = z.object({
  fullname: Fullname,
  username: Username,
  email: Email,
  password: Password,
});
export type RegisterFields = z.infer<typeof RegisterFields>;

export const LoginBody = z.object({
  email: Email,
  password: z.string({ message: 'Password is required' }).min(1, 'Password is required'),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const ChangePasswordBody = z.object({
  oldPassword: z.string({ message: 'Current password is required' }).min(1),
  newPassword: Password,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

export const UpdateDetailsBody = partialUpdate({
  fullname: Fullname.optional(),
  email: Email.optional(),
  bio: z
    .string()
    .trim()
    .max(limits.bio.max, `Bio must be at most ${limits.bio.max} characters`)
    .optional(),
  messagePolicy: MessagePolicy.optional(),
});
export type UpdateDetailsBody = z.infer<typeof UpdateDetailsBody>;

/** The signed-in user as they see themselves (email included). */
export const CurrentUser = OwnAccount.extend({
  bio: z.string(),
  /** Who may send this person message requests. */
  messagePolicy: MessagePolicy,
  /** What the person may do beyond their own things: staff see the moderation pages. */
  role: z.enum(['user', 'moderator', 'admin']).optional(),
  createdAt: IsoDate,
  updatedAt: IsoDate,
});
export type CurrentUser = z.infer<typeof CurrentUser>;

export const LoginResult = z.object({
  user: CurrentUser,
  /** Short-lived bearer token; the same value is also set as an httpOnly cookie. */
  accessToken: z.string(),
});
export type LoginResult = z.infer<typeof LoginResult>;

export const RefreshResult = z.object({ accessToken: z.string() });
export type RefreshResult = z.infer<typeof RefreshResult>;

/** The whole body is optional: a browser sends none and relies on the httpOnly cookie. */
export const RefreshBody = z
  .object({
    /** For clients that cannot use cookies. */
    refreshToken: z.string().optional(),
  })
  .nullish();
