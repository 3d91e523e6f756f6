import type { FastifyInstance } from 'fastify';
import type { RegisteredUser } from './factories';

/** Sends a message request through the real endpoint; answers the request's id. */
export async function sendMessageRequest(
  app: FastifyInstance,
  sender: RegisteredUser,
  receiver: RegisteredUser,
  content = 'Hello, may we talk?',
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/messages/requests',
    headers: sender.auth,
    payload: { receiverId: receiver.userId, content },
  });
  if (res.statusCode !== 201) throw new Error(`request failed: ${res.statusCode} ${res.body}`);
  return res.json<{ data: { _id: string } }>().data._id;
}

/** A conversation between two people, opened the way people open one: ask, then accept. */
export async function openConversation(
  app: FastifyInstance,
  sender: RegisteredUser,
  receiver: RegisteredUser,
  content?: string,
): Promise<string> {
  const requestId = await sendMessageRequest(app, sender, receiver, content);
  const res = await app.inject({
    method: 'PATCH',
    url: `/api/v1/messages/requests/${requestId}`,
    headers: receiver.auth,
    payload: { action: 'accept' },
  });
  if (res.statusCode !== 200) throw new Error(`accept failed: ${res.statusCode} ${res.body}`);
  return res.json<{ data: { conversationId: string } }>().data.conversationId;
}
