import type { ConversationsService } from './conversations.service';
import type { MessageRequestsService } from './message-requests.service';
import type { MessageSafetyService } from './message-safety.service';
import type { MessagesService } from './messages.service';

/** Messaging's services, one per thing it holds; the routes and the chat socket take these. */
export interface Messaging {
  requests: MessageRequestsService;
  conversations: ConversationsService;
  messages: MessagesService;
  safety: MessageSafetyService;
}
