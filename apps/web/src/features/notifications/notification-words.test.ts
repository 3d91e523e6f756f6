import { describe, expect, it } from 'vitest';
import { makeNotification } from '../../testing/notification-fixtures';
import { kindLabels, notificationLink, notificationSentence } from '@kinora/contract';

describe('a reply notification (issue 21 item 3)', () => {
  const reply = makeNotification({
    kind: 'comment_reply',
    comment: { _id: 'c-reply', content: 'Agreed!', parentId: 'c-top' },
  });

  it('reads as a reply and is named in the settings', () => {
    expect(notificationSentence(reply)).toBe('alice replied to your comment');
    expect(kindLabels.comment_reply).toBe('Replies to your comments');
  });

  it('links to the reply with its thread open', () => {
    expect(notificationLink(reply)).toBe('/video/v1?thread=c-top#comment-c-reply');
    // A top comment's link stays as it was.
    expect(notificationLink(makeNotification({ comment: { _id: 'c-top', content: 'Hi' } }))).toBe(
      '/video/v1#comment-c-top',
    );
  });
});
