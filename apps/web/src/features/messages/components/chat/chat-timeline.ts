import type { Message } from '@kinora/contract';
import { chatText } from '../../api/chat-api';

/** A message on screen: a stored one, or one being sent (`temp-` id, shown faded, §3). */
export type ChatMessage = Message & { optimistic?: true };

export const isTemporary = (message: ChatMessage) => message.optimistic === true;

let tempCounter = 0;

/** The entry shown the moment the person sends, before the server stored it (§4). */
export function temporaryMessage(options: {
  conversationId: string;
  sender: Message['sender'];
  recipient: string;
  content: string;
}): ChatMessage {
  tempCounter += 1;
  return {
    _id: `temp-${Date.now()}-${tempCounter}`,
    conversationId: options.conversationId,
    sender: options.sender,
    recipient: options.recipient,
    content: options.content,
    createdAt: new Date().toISOString(),
    optimistic: true,
  };
}

const byTime = (a: ChatMessage, b: ChatMessage) =>
  a.createdAt === b.createdAt ? 0 : a.createdAt < b.createdAt ? -1 : 1;

/** True when `message` is on screen already: the same id, or the same sender at the same time. */
function isKnown(list: ChatMessage[], message: Message): boolean {
  return list.some(
    (m) =>
      m._id === message._id ||
      (!isTemporary(m) && m.createdAt === message.createdAt && m.sender._id === message.sender._id),
  );
}

/**
 * Adds stored messages (a page, a live one, a send's answer) to what is shown: known ones are
 * skipped, an own message takes the place of the temporary entry holding its text (the live
 * echo may come before the send's answer), and the stored ones stay in time order with the
 * temporary entries last.
 */
export function mergeMessages(list: ChatMessage[], incoming: Message[]): ChatMessage[] {
  let next = list;
  for (const message of incoming) {
    if (isKnown(next, message)) continue;
    const tempIndex = next.findIndex(
      (m) => isTemporary(m) && m.sender._id === message.sender._id && m.content === message.content,
    );
    next =
      tempIndex === -1 ? [...next, message] : next.map((m, i) => (i === tempIndex ? message : m));
  }
  if (next === list) return list;
  const stored = next.filter((m) => !isTemporary(m)).sort(byTime);
  return [...stored, ...next.filter(isTemporary)];
}

/** Replaces a temporary entry by the message the server stored (or drops it if shown already). */
export function confirmMessage(list: ChatMessage[], tempId: string, saved: Message): ChatMessage[] {
  return mergeMessages(removeMessage(list, tempId), [saved]);
}

export function removeMessage(list: ChatMessage[], id: string): ChatMessage[] {
  return list.filter((m) => m._id !== id);
}

/** A day of the conversation and its runs (messages in a row from one sender). */
export interface ChatDay {
  key: string;
  label: string;
  runs: ChatRun[];
}

export interface ChatRun {
  key: string;
  senderId: string;
  isOwn: boolean;
  messages: ChatMessage[];
}

const dayKey = (date: Date) => `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;

const weekdayDate = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

const clockTime = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit' });

/** The separator of a day: 'Today', 'Yesterday', else 'Monday, November 23, 2026' (§2). */
export function dayLabel(date: Date, now = new Date()): string {
  if (dayKey(date) === dayKey(now)) return chatText.today;
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (dayKey(date) === dayKey(yesterday)) return chatText.yesterday;
  return weekdayDate.format(date);
}

/** A message's time in hours and minutes: '09:05 AM'. */
export function messageTime(iso: string): string {
  return clockTime.format(new Date(iso));
}

/** Groups the messages by day, then into runs of one sender (the avatar goes on a run's last). */
export function groupMessages(
  messages: ChatMessage[],
  currentUserId: string,
  now = new Date(),
): ChatDay[] {
  const days: ChatDay[] = [];
  for (const message of messages) {
    const date = new Date(message.createdAt);
    const key = dayKey(date);
    let day = days.at(-1);
    if (!day || day.key !== key) {
      day = { key, label: dayLabel(date, now), runs: [] };
      days.push(day);
    }
    let run = day.runs.at(-1);
    if (!run || run.senderId !== message.sender._id) {
      run = {
        key: message._id,
        senderId: message.sender._id,
        isOwn: message.sender._id === currentUserId,
        messages: [],
      };
      day.runs.push(run);
    }
    run.messages.push(message);
  }
  return days;
}
