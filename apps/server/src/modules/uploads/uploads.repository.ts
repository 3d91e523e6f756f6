import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { mediaAssets, uploadSessions } from '../../platform/db/schema';

export type UploadSessionRow = typeof uploadSessions.$inferSelect;
export type MediaAssetRow = typeof mediaAssets.$inferSelect;
export type NewMediaAsset = typeof mediaAssets.$inferInsert;

export class UploadsRepository {
  constructor(private readonly db: Database) {}

  async findSession(userId: string, clientUploadId: string): Promise<UploadSessionRow | null> {
    const [row] = await this.db
      .select()
      .from(uploadSessions)
      .where(
        and(eq(uploadSessions.userId, userId), eq(uploadSessions.clientUploadId, clientUploadId)),
      )
      .limit(1);
    return row ?? null;
  }

  async isSignatureUsed(signatureHash: string): Promise<boolean> {
    const [asset] = await this.db
      .select({ id: mediaAssets.id })
      .from(mediaAssets)
      .where(eq(mediaAssets.signatureHash, signatureHash))
      .limit(1);
    return asset !== undefined;
  }

  /** Null when another session already holds this signature (unique index). */
  async createSession(input: typeof uploadSessions.$inferInsert): Promise<UploadSessionRow | null> {
    const rows = await this.db
      .insert(uploadSessions)
      .values(input)
      .onConflictDoNothing()
      .returning();
    return rows[0] ?? null;
  }

  /** Moves the received count forward only from the value the caller saw. */
  async advanceSession(id: string, from: number, to: number): Promise<boolean> {
    const rows = await this.db
      .update(uploadSessions)
      .set({ receivedBytes: to, updatedAt: new Date() })
      .where(and(eq(uploadSessions.id, id), eq(uploadSessions.receivedBytes, from)))
      .returning({ id: uploadSessions.id });
    return rows.length === 1;
  }

  async deleteSession(id: string): Promise<void> {
    await this.db.delete(uploadSessions).where(eq(uploadSessions.id, id));
  }

  /** Sessions nobody has touched since `before`, for the cleanup of abandoned uploads. */
  async staleSessions(before: Date): Promise<UploadSessionRow[]> {
    return this.db
      .select()
      .from(uploadSessions)
      .where(lt(uploadSessions.updatedAt, before))
      .limit(500);
  }

  /** Records the finished asset and ends its session in one transaction. */
  async completeUpload(sessionId: string, asset: NewMediaAsset): Promise<MediaAssetRow> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(mediaAssets).values(asset).returning();
      await tx.delete(uploadSessions).where(eq(uploadSessions.id, sessionId));
      return row!;
    });
  }

  async findAssetByPublicId(publicId: string): Promise<MediaAssetRow | null> {
    const [row] = await this.db
      .select()
      .from(mediaAssets)
      .where(eq(mediaAssets.publicId, publicId))
      .limit(1);
    return row ?? null;
  }
}
