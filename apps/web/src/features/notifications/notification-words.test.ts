import { describe, expect, it } from 'vitest';
import { makeNotification } from '../../testing/notification-fixtures';
import { kindLabels, notificationLink, notificationSentence } from './notification-words';

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
