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

describe('a handled report’s entry (decision 0038)', () => {
  const handled = (overrides: Parameters<typeof makeNotification>[0]) =>
    makeNotification({ kind: 'report_handled', video: null, comment: null, ...overrides });

  it('says how it ended, naming the thing, never the moderator', () => {
    const tweet = { _id: 't1', content: 'Buy followers' };
    expect(notificationSentence(handled({ tweet, reportOutcome: 'hidden' }))).toBe(
      'Your report was handled: a moderator hid a tweet by alice',
    );
    expect(notificationSentence(handled({ reportOutcome: 'banned' }))).toBe(
      'Your report was handled: a moderator banned alice',
    );
    expect(
      notificationSentence(
        handled({ video: { _id: 'v1', title: 'My trip' }, reportOutcome: 'dismissed' }),
      ),
    ).toBe('Your report about “My trip” was reviewed: no action was needed');
  });

  it('links to the thing: a comment in place, a tweet or account on its channel', () => {
    expect(
      notificationLink(
        handled({ video: { _id: 'v1', title: 'T' }, comment: { _id: 'c1', content: 'x' } }),
      ),
    ).toBe('/video/v1#comment-c1');
    expect(notificationLink(handled({ tweet: { _id: 't1', content: 'x' } }))).toBe(
      '/channel/u-alice',
    );
    expect(kindLabels.report_handled).toBe('Reports you filed, when handled');
  });
});
