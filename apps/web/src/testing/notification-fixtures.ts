import type { Notification } from '@kinora/contract';

let next = 0;

/** A notification as the server answers it: a comment on the reader's video unless told. */
export function makeNotification(overrides: Partial<Notification> = {}): Notification {
  next += 1;
  const id = `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`;
  return {
    _id: id,
    kind: 'video_comment',
    actor: { _id: 'u-alice', username: 'alice', fullname: 'Alice A', avatar: null },
    othersCount: 0,
    video: { _id: 'v1', title: 'My trip' },
    comment: { _id: `c-${next}`, content: 'Lovely video!' },
    tweet: null,
    conversationId: null,
    isRead: false,
    createdAt: new Date(Date.now() - next * 60_000).toISOString(),
    ...overrides,
  };
}
