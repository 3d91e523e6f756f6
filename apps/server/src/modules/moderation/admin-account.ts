import type { DomainEvents } from '../../platform/events/domain-events';
import type { ModerationRepository } from './moderation.repository';

/**
 * The site's first admin (ADMIN_USERNAME, decision 0038): made admin now if the account exists,
 * and when an account of that name registers. Answers the function that stops listening.
 */
export function keepAdminAccount(input: {
  events: DomainEvents;
  repo: ModerationRepository;
  username: string;
  onError: (error: unknown) => void;
}): () => void {
  input.repo.makeAdminAccount(input.username).catch(input.onError);
  return input.events.on('user.created', ({ userId }) =>
    input.repo.makeAdminAccount(input.username, userId),
  );
}
