/**
 * Messaging: message requests, conversations, blocks (HTTP), and the chat socket's events.
 * The socket events live here beside the calls so that the server's socket layer and the web
 * client type both ends from one declaration (decision 0021).
 */
import { z } from 'zod';
import { Id, IsoDate } from './common';
import { NotificationsChanged } from './notifications';
import { ChannelSummary } from './people';
import { requiredTextField } from './text';

/** Who may send a person message requests; `subscriptions`: channels that person follows. */
export const messagePolicies = ['everyone', 'subscriptions', 'nobody'] as const;
export const MessagePolicy = z.enum(messagePolicies, {
  message: 'messagePolicy must be everyone, subscriptions or nobody',
});
export type MessagePolicy = z.infer<typeof MessagePolicy>;

export const messageLimits = { request: 1000, message: 2000 } as const;

/**
 * Refusals that clients compare word for word (issue 13); kept here so that the server and
 * the web client cannot spell them differently.
 */
export const messagingRefusals = {
  requestAlreadySent: 'Request already sent',
  conversationExists: 'Conversation already exists',
  tooManyRequests: 'Too many requests to this user. Try later.',
} as const;

export const Person = ChannelSummary;
export type Person = z.infer<typeof Person>;

// Requests

export const CreateMessageRequestBody = z.object({
  receiverId: Id,
  content: requiredTextField('Message', messageLimits.request),
});
export type CreateMessageRequestBody = z.input<typeof CreateMessageRequestBody>;

export const MessageRequest = z.object({
  _id: z.string(),
  content: z.string(),
  createdAt: IsoDate,
  sender: Person,
});
export type MessageRequest = z.infer<typeof MessageRequest>;

/** A request as its sender sees it once it is sent. */
export const SentMessageRequest = z.object({
  _id: z.string(),
  receiverId: z.string(),
  content: z.string(),
  status: z.literal('pending'),
  createdAt: IsoDate,
});
export type SentMessageRequest = z.infer<typeof SentMessageRequest>;

export const ReceiverIdParams = z.object({ receiverId: Id });

/**
 * Where the caller stands with a person: `accepted` once a conversation exists (either asked),
 * `pending` while the caller's request waits, `none` otherwise (a declined request too).
 */
export const MessageRequestCheck = z.object({
  status: z.enum(['none', 'pending', 'accepted']),
  conversationId: z.string().nullable(),
});
export type MessageRequestCheck = z.infer<typeof MessageRequestCheck>;

export const MessageRequests = z.array(MessageRequest);

export const RespondToRequestBody = z.object({
  action: z.enum(['accept', 'decline'], { message: "action must be 'accept' or 'decline'" }),
});
export type RespondToRequestBody = z.infer<typeof RespondToRequestBody>;

export const RespondToRequestResult = z.object({
  _id: z.string(),
  status: z.enum(['accepted', 'declined']),
  /** The conversation an accepted request opened (or joined); null when declined. */
  conversationId: z.string().nullable(),
});
export type RespondToRequestResult = z.infer<typeof RespondToRequestResult>;

// Conversations and messages

export const ConversationIdParams = z.object({ id: Id });

export const Conversation = z.object({
  _id: z.string(),
  /** Both people, the caller included. */
  participants: z.array(Person),
  lastMessage: z.object({ content: z.string(), createdAt: IsoDate }).nullable(),
  updatedAt: IsoDate,
  /** Messages of the other person since the caller last marked it read, on any device. */
  unreadCount: z.number().int(),
});
export type Conversation = z.infer<typeof Conversation>;
export const Conversations = z.array(Conversation);

export const Message = z.object({
  _id: z.string(),
  conversationId: z.string(),
  sender: z.object({ _id: z.string(), username: z.string(), avatar: z.string().nullable() }),
  /** The other participant's id. */
  recipient: z.string(),
  content: z.string(),
  createdAt: IsoDate,
});
export type Message = z.infer<typeof Message>;
export const Messages = z.array(Message);

export const ListMessagesQuery = z.object({
  /** A message id: answers the messages before it (older pages). */
  before: Id.optional(),
  limit: z.coerce.number().int().min(1).max(100, 'limit is at most 100').default(50),
});

export const SendMessageBody = z.object({
  content: requiredTextField('Message', messageLimits.message),
});
export type SendMessageBody = z.input<typeof SendMessageBody>;

export const ConversationRead = z.object({
  conversationId: z.string(),
  unreadCount: z.literal(0),
});

export const ReportConversationBody = z.object({ reason: requiredTextField('Reason', 1000) });
export type ReportConversationBody = z.input<typeof ReportConversationBody>;

export const ConversationReport = z.object({
  _id: z.string(),
  conversationId: z.string(),
  /** How many of the conversation's last messages the report keeps (at most 50). */
  messageCount: z.number().int(),
  createdAt: IsoDate,
});
export type ConversationReport = z.infer<typeof ConversationReport>;

// Blocks

export const BlockedUser = Person.extend({ blockedAt: IsoDate });
export type BlockedUser = z.infer<typeof BlockedUser>;
export const BlockedUsers = z.array(BlockedUser);
export const BlockState = z.object({ userId: z.string(), isBlocked: z.boolean() });

// Chat socket (socket.io at /socket.io, websocket transport, `auth: { token }`).

/** Events a client sends. */
export const clientSocketEvents = {
  /** Joins the room of a conversation the person belongs to; otherwise `error_event`. */
  join_conversation: Id,
  leave_conversation: Id,
  /**
   * Accepted for the spec's client: it re-announces only a message this sender stored (looked
   * up by `_id`), never the text it carries.
   */
  send_message: z.object({ _id: Id }).loose(),
} as const;

/** A person's total of unread messages over all their conversations. */
export const UnreadCounts = z.object({
  total: z.number().int(),
  conversationId: z.string(),
  /** Unread in that conversation. */
  unreadCount: z.number().int(),
});

/** Events the server sends: to a conversation's room, or to a person's private room. */
export const serverSocketEvents = {
  /** To the conversation's room, from what was stored. */
  new_message: Message,
  /** Private room of the receiver. */
  message_request: MessageRequest,
  /** Private room of the sender: their request was accepted. */
  request_accepted: z.object({ requestId: z.string(), conversationId: z.string() }),
  /** Private room: after a message in, or a read on another device. */
  unread_count: UnreadCounts,
  /** Private room: the person's unread notifications changed (decision 0035). */
  notifications_changed: NotificationsChanged,
  /**
   * A refused client event (a join of a conversation the person is not in, say; a block; one
   * event too many, `socketRefusals.tooManyEvents`). A refused event changes nothing.
   */
  error_event: z.object({ event: z.string(), message: z.string() }),
} as const;

/** What the chat socket answers in `error_event` beyond the HTTP calls' own refusals. */
export const socketRefusals = {
  /**
   * More events than a socket or a person may send in a moment (`join_conversation`,
   * `leave_conversation`, `send_message`); a socket that keeps going is disconnected.
   */
  tooManyEvents: 'Too many events. Wait a moment.',
} as const;

export type ClientSocketEvents = {
  [K in keyof typeof clientSocketEvents]: z.infer<(typeof clientSocketEvents)[K]>;
};
export type ServerSocketEvents = {
  [K in keyof typeof serverSocketEvents]: z.infer<(typeof serverSocketEvents)[K]>;
};
