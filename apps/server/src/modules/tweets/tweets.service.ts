import { notFound } from '../../platform/http/errors';
import type { TweetsRepository } from './tweets.repository';

export class TweetsService {
  constructor(private readonly repo: TweetsRepository) {}

  async listUserTweets(input: {
    userId: string;
    viewerId: string | null;
    page: number;
    limit: number;
  }) {
    if (!(await this.repo.userExists(input.userId))) throw notFound('User');
    return this.repo.listByOwner({
      ownerId: input.userId,
      viewerId: input.viewerId,
      page: input.page,
      limit: input.limit,
    });
  }
}
