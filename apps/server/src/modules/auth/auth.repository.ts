import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { UserRole } from '../../platform/auth/roles';
import type { Database } from '../../platform/db/client';
import { sessions, users } from '../../platform/db/schema';
import { isLiveSession } from './live-session';
import type { SessionRevocations } from './session-cache';

export interface SessionRow {
  id: string;
  userId: string;
  refreshTokenHash: string;
  expiresAt: Date;
  revokedAt: Date | null;
  rotatedAt: Date | null;
  rotationConfirmedAt: Date | null;
}

/** What a signed-in call learns of its session: the role, and the refresh token it is on. */
export interface ActiveSession {
  role: UserRole;
  refreshTokenHash: string;
  /** The last rotation's answer has not yet been seen in use (see `confirmRotation`). */
  isRotationUnconfirmed: boolean;
}

export class AuthRepository {
  constructor(
    private readonly db: Database,
    /** Told of every revocation, so this process stops trusting the session at once. */
    private readonly revocations: SessionRevocations,
    /**
     * Where writes and the session checks in front of every signed-in call go (decision 0059):
     * connections no read waits for; `db` on PGlite.
     */
    private readonly writes: Database = db,
  ) {}

  async findCredentialsByEmail(
    email: string,
  ): Promise<{ userId: string; passwordHash: string; isBanned: boolean } | null> {
    const [row] = await this.db
      .select({
        userId: users.id,
        passwordHash: users.passwordHash,
        isBanned: sql<boolean>`${users.bannedAt} is not null`,
      })
      .from(users)
      .where(eq(users.email, email))
      .limit(1);
    return row ?? null;
  }

  async findPasswordHash(userId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return row?.passwordHash ?? null;
  }

  async setPasswordHash(userId: string, passwordHash: string): Promise<void> {
    await this.db
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
  }

  async createSession(input: {
    userId: string;
    refreshTokenHash: string;
    userAgent: string | null;
    ipAddress: string | null;
    expiresAt: Date;
  }): Promise<string> {
    const [row] = await this.db.insert(sessions).values(input).returning({ id: sessions.id });
    return row!.id;
  }

  async findSession(sessionId: string): Promise<SessionRow | null> {
    const [row] = await this.db
      .select({
        id: sessions.id,
        userId: sessions.userId,
        refreshTokenHash: sessions.refreshTokenHash,
        expiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
        rotatedAt: sessions.rotatedAt,
        rotationConfirmedAt: sessions.rotationConfirmedAt,
      })
      .from(sessions)
      .where(eq(sessions.id, sessionId))
      .limit(1);
    return row ?? null;
  }

  /** True when the session exists, belongs to the user, and is neither revoked nor expired. */
  async isSessionActive(sessionId: string, userId: string): Promise<boolean> {
    const [row] = await this.writes
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isLiveSession()))
      .limit(1);
    return row !== undefined;
  }

  /**
   * The user's role when the session is active (as `isSessionActive` says), else null. The
   * role is read here, with the check every authenticated request makes anyway, so a role
   * granted or taken away applies to the very next request.
   */
  async findActiveSession(sessionId: string, userId: string): Promise<ActiveSession | null> {
    this.activeSessionRoleStatement ??= this.prepareActiveSessionRole();
    const [row] = await this.activeSessionRoleStatement.execute({ sessionId, userId });
    if (!row) return null;
    return {
      role: row.role,
      refreshTokenHash: row.refreshTokenHash,
      isRotationUnconfirmed: row.rotatedAt !== null && row.rotationConfirmedAt === null,
    };
  }

  /**
   * Records that the client holds the refresh token of the last rotation, if it is still the
   * session's current one: from now on the token it replaced is treated as copied once its
   * grace has passed.
   */
  async confirmRotation(sessionId: string, refreshTokenHash: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ rotationConfirmedAt: sql`now()` })
      .where(
        and(
          eq(sessions.id, sessionId),
          eq(sessions.refreshTokenHash, refreshTokenHash),
          isNull(sessions.rotationConfirmedAt),
        ),
      );
  }

  /**
   * Every signed-in call whose token was not checked in the last seconds asks this: a named
   * prepared statement, built once by drizzle and planned once per connection.
   */
  private prepareActiveSessionRole() {
    return this.writes
      .select({
        role: users.role,
        refreshTokenHash: sessions.refreshTokenHash,
        rotatedAt: sessions.rotatedAt,
        rotationConfirmedAt: sessions.rotationConfirmedAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, sql.placeholder('sessionId')),
          eq(sessions.userId, sql.placeholder('userId')),
          isLiveSession(),
        ),
      )
      .limit(1)
      .prepare('auth_active_session_role');
  }
  private activeSessionRoleStatement:
    ReturnType<AuthRepository['prepareActiveSessionRole']> | undefined;

  /**
   * Replaces the refresh token hash only if it is still the one the caller saw, so of two
   * concurrent refreshes only one rotates (the other then finds the token it rotated to).
   */
  async rotateRefreshHash(input: {
    sessionId: string;
    expectedHash: string;
    newHash: string;
    rotatedAt: Date;
    expiresAt: Date;
    /** The address the renewal came from; null keeps the one known. */
    address: string | null;
  }): Promise<boolean> {
    const rows = await this.db
      .update(sessions)
      .set({
        refreshTokenHash: input.newHash,
        lastUsedAt: sql`now()`,
        rotatedAt: input.rotatedAt,
        rotationConfirmedAt: null,
        expiresAt: input.expiresAt,
        ...(input.address ? { ipAddress: input.address } : {}),
      })
      .where(
        and(
          eq(sessions.id, input.sessionId),
          eq(sessions.refreshTokenHash, input.expectedHash),
          isNull(sessions.revokedAt),
        ),
      )
      .returning({ id: sessions.id });
    return rows.length === 1;
  }

  async revokeSession(sessionId: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    this.revocations.forgetSession(sessionId);
  }

  /** Ends every live session of the user; answers the ids it ended. */
  async revokeAllSessions(userId: string): Promise<string[]> {
    return this.revokeLiveSessions(userId, undefined);
  }

  /** Ends every other live session of the user; answers the ids it ended. */
  async revokeOtherSessions(userId: string, keepSessionId: string): Promise<string[]> {
    return this.revokeLiveSessions(userId, keepSessionId);
  }

  private async revokeLiveSessions(
    userId: string,
    keepSessionId: string | undefined,
  ): Promise<string[]> {
    const kept = keepSessionId === undefined ? undefined : ne(sessions.id, keepSessionId);
    const ended = await this.db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.userId, userId), kept, isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    this.revocations.forgetUserSessions(userId, keepSessionId);
    return ended.map((row) => row.id);
  }
}
