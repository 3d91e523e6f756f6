/** Every field of messaging that leaves the server is chosen here, for HTTP and events alike. */
import type { BlockedUser, Conversation, Message, MessageRequest, Person } from '@kinora/contract';
import type { ConversationRow } from './conversations.repository';
import type { RequestRow } from './message-requests.repository';
import type { MessageRow } from './messages.repository';
import type { PersonRow } from './messaging.sql';

/** Turns a stored picture key into its public address. */
export type AvatarUrl = (key: string | null) => string | null;

export function presentPerson(row: PersonRow, avatar: AvatarUrl): Person {
  return {
    _id: row.id,
    username: row.username,
    fullname: row.fullname,
    avatar: avatar(row.avatarKey),
  };
}

export function presentRequest(row: RequestRow, avatar: AvatarUrl): MessageRequest {
  return {
    _id: row.id,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    sender: presentPerson(row.sender, avatar),
  };
}

/** `recipient` is the other member: conversations are between two people. */
export function presentMessage(row: MessageRow, recipientId: string, avatar: AvatarUrl): Message {
  return {
    _id: row.id,
    conversationId: row.conversationId,
    sender: {
      _id: row.sender.id,
      username: row.sender.username,
      avatar: avatar(row.sender.avatarKey),
    },
    recipient: recipientId,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentConversation(row: ConversationRow, avatar: AvatarUrl): Conversation {
  return {
    _id: row.id,
    participants: row.participants.map((p) => presentPerson(p, avatar)),
    lastMessage: row.lastMessage
      ? { content: row.lastMessage.content, createdAt: row.lastMessage.createdAt.toISOString() }
      : null,
    updatedAt: row.updatedAt.toISOString(),
    unreadCount: row.unreadCount,
  };
}

export function presentBlockedUser(
  row: PersonRow & { blockedAt: Date },
  avatar: AvatarUrl,
): BlockedUser {
  return { ...presentPerson(row, avatar), blockedAt: row.blockedAt.toISOString() };
}
