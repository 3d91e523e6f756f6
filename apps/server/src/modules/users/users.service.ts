import type { DomainEvents } from '../../platform/events/domain-events';
import { randomUUID } from 'node:crypto';
import type { RegisterFields, UpdateDetailsBody } from '@kinora/contract';
import { uniqueViolation } from '../../platform/db/errors';
import { AppError, conflict, notFound } from '../../platform/http/errors';
import { processImage, type ImagePurpose } from '../../platform/media/images';
import type { Storage } from '../../platform/storage/storage';
import type {
  AuthService,
  Credentials,
  IssuedTokens,
  SessionDevice,
  SignInChallenge,
} from '../auth';
import type { UserRow, UsersRepository } from './users.repository';

const usernameTaken = () => conflict('USERNAME_TAKEN', 'This username is already taken');
const emailTaken = () => conflict('EMAIL_TAKEN', 'An account with this email already exists');

function mapUniqueViolation(error: unknown): never {
  const constraint = uniqueViolation(error);
  if (constraint === 'users_username_key') throw usernameTaken();
  if (constraint === 'users_email_key') throw emailTaken();
  throw error;
}

const folderOf: Record<ImagePurpose, string> = {
  avatar: 'avatars',
  cover: 'covers',
  thumbnail: 'thumbnails',
};

export class UsersService {
  constructor(
    private readonly repo: UsersRepository,
    private readonly auth: AuthService,
    private readonly storage: Storage,
    /** Told of each change after it is committed (decision 0021). */
    private readonly events: DomainEvents,
  ) {}

  async getUser({ userId }: { userId: string }): Promise<UserRow> {
    const user = await this.repo.findById(userId);
    if (!user) throw notFound('User');
    return user;
  }

  /**
   * Creates the account and its first session. Images are checked and re-encoded before
   * anything is written; if the insert fails, the stored files are removed again.
   */
  async registerUser(
    input: {
      fields: RegisterFields;
      avatar: Buffer;
      coverImage: Buffer | undefined;
    } & SessionDevice,
  ): Promise<{ user: UserRow; tokens: IssuedTokens }> {
    const { fields } = input;
    const taken = await this.repo.findTaken(fields.username, fields.email);
    if (taken.username) throw usernameTaken();
    if (taken.email) throw emailTaken();

    const avatar = await processImage(input.avatar, 'avatar', 'avatar');
    const cover = input.coverImage
      ? await processImage(input.coverImage, 'cover', 'coverImage')
      : null;
    const passwordHash = await this.auth.hashPassword(fields.password);

    const avatarKey = await this.storeImage('avatar', avatar.data, avatar.contentType);
    const coverImageKey = cover
      ? await this.storeImage('cover', cover.data, cover.contentType)
      : null;
    let user: UserRow;
    try {
      user = await this.repo.insert({
        username: fields.username,
        email: fields.email,
        fullname: fields.fullname,
        passwordHash,
        avatarKey,
        coverImageKey,
      });
    } catch (error) {
      await this.storage.delete(avatarKey);
      if (coverImageKey) await this.storage.delete(coverImageKey);
      mapUniqueViolation(error);
    }
    const tokens = await this.auth.startSession({
      userId: user.id,
      userAgent: input.userAgent,
      address: input.address ?? null,
    });
    this.events.emit('user.created', { userId: user.id });
    return { user, tokens };
  }

  /**
   * Signs in (auth's `signIn`) and answers the account with the new session's tokens, or the
   * challenge of an account with two-factor sign-in on (no session yet).
   */
  async signIn(
    input: { credentials: Credentials } & SessionDevice,
  ): Promise<{ user: UserRow; tokens: IssuedTokens } | { challenge: SignInChallenge }> {
    const outcome = await this.auth.signIn({
      ...input.credentials,
      userAgent: input.userAgent,
      address: input.address ?? null,
    });
    if ('challenge' in outcome) return { challenge: outcome.challenge };
    return { user: await this.getUser({ userId: outcome.userId }), tokens: outcome.tokens };
  }

  async updateDetails({
    userId,
    changes,
  }: {
    userId: string;
    changes: UpdateDetailsBody;
  }): Promise<UserRow> {
    try {
      const user = await this.repo.updateDetails(userId, changes);
      if (!user) throw notFound('User');
      this.events.emit('user.updated', { userId });
      return user;
    } catch (error) {
      if (error instanceof AppError) throw error;
      mapUniqueViolation(error);
    }
  }

  /** Stores the new image, points the user at it, then deletes the file it replaced. */
  async replaceImage(input: {
    userId: string;
    purpose: 'avatar' | 'cover';
    data: Buffer;
  }): Promise<UserRow> {
    const field = input.purpose === 'avatar' ? 'avatar' : 'coverImage';
    const image = await processImage(input.data, input.purpose, field);
    const key = await this.storeImage(input.purpose, image.data, image.contentType);
    const result = await this.repo
      .replaceImageKey(
        input.userId,
        input.purpose === 'avatar' ? 'avatarKey' : 'coverImageKey',
        key,
      )
      .catch(async (error: unknown) => {
        await this.storage.delete(key);
        throw error;
      });
    if (!result) {
      await this.storage.delete(key);
      throw notFound('User');
    }
    this.events.emit('user.updated', { userId: input.userId });
    if (result.previousKey) await this.storage.delete(result.previousKey);
    return result.user;
  }

  private async storeImage(
    purpose: ImagePurpose,
    data: Buffer,
    contentType: string,
  ): Promise<string> {
    const key = `${folderOf[purpose]}/${randomUUID()}.webp`;
    await this.storage.put(key, data, contentType);
    return key;
  }
}
