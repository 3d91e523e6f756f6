/**
 * What a person may do beyond their own things. A moderator and an admin may see every video,
 * drafts included, to review them; neither may change what is not theirs (moderation calls
 * will come with their own rules). The users table's CHECK holds the same three values.
 */
export const userRoles = ['user', 'moderator', 'admin'] as const;
export type UserRole = (typeof userRoles)[number];

export const isUserRole = (value: string): value is UserRole =>
  (userRoles as readonly string[]).includes(value);

/** Who is asking, as the permission rules see them: `null` wherever a visitor is allowed. */
export interface Viewer {
  userId: string;
  role: UserRole;
}

/** Moderators and admins review what others may not see yet. */
export const isStaff = (viewer: Viewer | null): boolean =>
  viewer !== null && viewer.role !== 'user';
