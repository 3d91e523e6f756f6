import type { AccountExport } from '@kinora/contract';
import type { Viewer } from '../../platform/auth/roles';
import type { DomainEvents } from '../../platform/events/domain-events';
import { AppError, notFound } from '../../platform/http/errors';
import type { AuthService, SessionRevocations } from '../auth';
import type { AccountDeletionRepository } from './account-deletion.repository';
import type { AccountExportRepository } from './account-export.repository';
import {
  assertCanDeleteAccount,
  assertCanEndSession,
  assertCanExportAccount,
  assertCanSeeSessions,
} from './account.policy';
import { presentAccountExport } from './account.presenter';
import type { DeviceSessionRow, SessionsRepository } from './sessions.repository';

/** Who asks, and from which session (the one "This device" means). */
type Actor = Viewer & { sessionId: string };

/** The refusal of a wrong password, on the field that holds it (counted by the routes' budget). */
export const wrongPassword = () =>
  new AppError('VALIDATION_FAILED', 'The password is not correct', [
    { field: 'password', message: 'The password is not correct' },
  ]);

/**
 * The account's own safety: where it is signed in, its data to take away, and its deletion.
 * Sessions are ended by the auth service, which also tells their sockets to end.
 */
export class AccountService {
  constructor(
    private readonly deps: {
      sessions: SessionsRepository;
      deletion: AccountDeletionRepository;
      exports: AccountExportRepository;
      auth: Pick<AuthService, 'endSession' | 'endOtherSessions' | 'isPasswordOf'>;
      /** This process's trusted tokens: a deleted account's are forgotten at once. */
      revocations: SessionRevocations;
      events: DomainEvents;
      /** Queues the removal of stored files (the videos module's cleanup job). */
      deleteFiles: (files: { keys: string[]; prefixes: string[] }) => Promise<void>;
      mediaUrl: (key: string) => string;
    },
  ) {}

  async listSessions({ actor }: { actor: Actor }): Promise<DeviceSessionRow[]> {
    assertCanSeeSessions(actor, actor.userId);
    return this.deps.sessions.listActive(actor.userId);
  }

  /** Signs one device out; its sockets end with it. The current one is ended by signing out. */
  async endSession({ actor, sessionId }: { actor: Actor; sessionId: string }): Promise<number> {
    const session = await this.deps.sessions.findLive(sessionId);
    assertCanEndSession(actor, session);
    if (sessionId === actor.sessionId) {
      throw new AppError('CONFLICT', 'This is the session you are using; sign out to end it');
    }
    await this.deps.auth.endSession({ sessionId });
    return 1;
  }

  endOtherSessions({ actor }: { actor: Actor }): Promise<number> {
    assertCanSeeSessions(actor, actor.userId);
    return this.deps.auth.endOtherSessions({
      userId: actor.userId,
      keepSessionId: actor.sessionId,
    });
  }

  async exportAccount({ actor }: { actor: Actor }): Promise<AccountExport> {
    assertCanExportAccount(actor, actor.userId);
    const rows = await this.deps.exports.readAccount(actor.userId);
    if (!rows) throw notFound('User');
    return presentAccountExport(rows, actor.userId, this.deps.mediaUrl);
  }

  /**
   * Deletes the account after its password is given again. Everything of it goes in one
   * transaction (counts on other people's things move back there); then its sockets end, the
   * kept answers that showed any of it drop, and its files go in the cleanup job.
   */
  async deleteAccount({ actor, password }: { actor: Actor; password: string }): Promise<void> {
    assertCanDeleteAccount(actor, actor.userId);
    if (!(await this.deps.auth.isPasswordOf({ userId: actor.userId, password }))) {
      throw wrongPassword();
    }
    const gone = await this.deps.deletion.deleteAccount(actor.userId);
    if (!gone) throw notFound('User');
    this.deps.revocations.forgetUserSessions(actor.userId);
    const { files, sessionIds, ...changes } = gone;
    if (sessionIds.length > 0) this.deps.events.emit('sessions.ended', { sessionIds });
    this.deps.events.emit('account.deleted', { userId: actor.userId, ...changes });
    if (files.keys.length > 0 || files.prefixes.length > 0) await this.deps.deleteFiles(files);
  }
}
