import { sql } from 'drizzle-orm';
import { isStaff, type Viewer } from '../auth/roles';

/**
 * Reads that depend on who reads are named prepared statements, one per kind of reader: a
 * visitor's, a user's (their id the `viewerId` placeholder) and staff's.
 */
export type ViewerKind = 'visitor' | 'user' | 'staff';

/** Which statement a viewer's reads take. */
export const viewerKindOf = (viewer: Viewer | null): ViewerKind =>
  viewer === null ? 'visitor' : isStaff(viewer) ? 'staff' : 'user';

/**
 * The viewer a statement of `kind` is written for: a user's id is the `viewerId` placeholder,
 * so the statement is executed with `{ viewerId: viewer.userId }`.
 */
export const statementViewer = (kind: ViewerKind): Viewer | null =>
  kind === 'visitor'
    ? null
    : {
        userId: sql.placeholder('viewerId') as unknown as string,
        role: kind === 'staff' ? 'moderator' : 'user',
      };
