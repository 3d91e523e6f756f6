import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { sessions } from '../../platform/db/schema';
import { isLiveSession } from '../auth';

export interface DeviceSessionRow {
  id: string;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: Date;
  lastUsedAt: Date;
}

/** The reads of "Sessions and devices"; ending sessions is the auth module's. */
export class SessionsRepository {
  constructor(private readonly db: Database) {}

  /** The person's live sessions (neither revoked nor expired), most recently active first. */
  async listActive(userId: string): Promise<DeviceSessionRow[]> {
    return this.db
      .select({
        id: sessions.id,
        userAgent: sessions.userAgent,
        ipAddress: sessions.ipAddress,
        createdAt: sessions.createdAt,
        lastUsedAt: sessions.lastUsedAt,
      })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isLiveSession()))
      .orderBy(desc(sessions.lastUsedAt), desc(sessions.id))
      .limit(200);
  }

  /** A live session's owner, or null when there is no such live session. */
  async findLive(sessionId: string): Promise<{ userId: string } | null> {
    const [row] = await this.db
      .select({ userId: sessions.userId })
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), isLiveSession()))
      .limit(1);
    return row ?? null;
  }
}
