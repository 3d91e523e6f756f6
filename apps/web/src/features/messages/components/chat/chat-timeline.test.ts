import type { Message } from '@kinora/contract';
import { describe, expect, it } from 'vitest';
import {
  confirmMessage,
  dayLabel,
  groupMessages,
  mergeMessages,
  messageTime,
  temporaryMessage,
} from './chat-timeline';

const me = { _id: 'me', username: 'ada', avatar: null };
const bob = { _id: 'bob', username: 'bob', avatar: null };

const stored = (
  id: string,
  sender: Message['sender'],
  createdAt: string,
  content = id,
): Message => ({
  _id: id,
  conversationId: 'c1',
  sender,
  recipient: sender._id === 'me' ? 'bob' : 'me',
  content,
  createdAt,
});

describe('chat timeline', () => {
  it('merges in time order, skips a known id or the same sender at the same time', () => {
    const a = stored('a', bob, '2026-01-01T10:00:00.000Z');
    const b = stored('b', me, '2026-01-01T10:01:00.000Z');
    const list = mergeMessages([], [b, a]);
    expect(list.map((m) => m._id)).toEqual(['a', 'b']);
    expect(mergeMessages(list, [a])).toBe(list);
    expect(mergeMessages(list, [{ ...a, _id: 'a2' }])).toBe(list);
    const c = stored('c', bob, '2026-01-01T09:00:00.000Z');
    expect(mergeMessages(list, [c]).map((m) => m._id)).toEqual(['c', 'a', 'b']);
  });

  it('keeps temporary entries last, replaced by the stored message from the echo or the answer', () => {
    const temp = temporaryMessage({
      conversationId: 'c1',
      sender: me,
      recipient: 'bob',
      content: 'Hi',
    });
    expect(temp._id).toMatch(/^temp-/);
    expect(temp.optimistic).toBe(true);
    const older = stored('a', bob, '2020-01-01T10:00:00.000Z');
    const saved = stored('s', me, new Date().toISOString(), 'Hi');

    // Echo first: the temporary entry becomes the stored one; the answer then changes nothing.
    const echoed = mergeMessages([temp], [saved, older]);
    expect(echoed.map((m) => m._id)).toEqual(['a', 's']);
    expect(confirmMessage(echoed, temp._id, saved)).toEqual(echoed);

    // Answer first: replaced; the echo is then known.
    const answered = confirmMessage([older, temp], temp._id, saved);
    expect(answered.map((m) => m._id)).toEqual(['a', 's']);
    expect(mergeMessages(answered, [saved])).toBe(answered);
  });

  it('labels days Today, Yesterday, else the full weekday-date; times in hours and minutes', () => {
    const now = new Date(2026, 10, 25, 12, 0);
    expect(dayLabel(new Date(2026, 10, 25, 0, 5), now)).toBe('Today');
    expect(dayLabel(new Date(2026, 10, 24, 23, 59), now)).toBe('Yesterday');
    expect(dayLabel(new Date(2026, 10, 23, 8, 0), now)).toBe('Monday, November 23, 2026');
    expect(messageTime(new Date(2026, 10, 25, 9, 5).toISOString())).toBe('09:05 AM');
    expect(messageTime(new Date(2026, 10, 25, 21, 30).toISOString())).toBe('09:30 PM');
  });

  it('groups by day and into runs of one sender', () => {
    const now = new Date(2026, 10, 25, 12, 0);
    const t = (day: number, minute: number) => new Date(2026, 10, day, 10, minute).toISOString();
    const days = groupMessages(
      [
        stored('1', bob, t(24, 1)),
        stored('2', bob, t(25, 1)),
        stored('3', bob, t(25, 2)),
        stored('4', me, t(25, 3)),
        stored('5', bob, t(25, 4)),
      ],
      'me',
      now,
    );
    expect(days.map((d) => d.label)).toEqual(['Yesterday', 'Today']);
    expect(days[1]?.runs.map((r) => [r.isOwn, r.messages.map((m) => m._id)])).toEqual([
      [false, ['2', '3']],
      [true, ['4']],
      [false, ['5']],
    ]);
  });
});
