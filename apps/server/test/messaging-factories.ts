import type { FastifyInstance } from 'fastify';
import { registerUser, type RegisteredUser } from './factories';

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

type Tuple<N extends number, T, Acc extends T[] = []> = Acc['length'] extends N
  ? Acc
  : Tuple<N, T, [...Acc, T]>;

/** `n` new people, typed as a tuple of that length so that destructuring names each one. */
export async function people<N extends number>(
  app: FastifyInstance,
  n: N,
): Promise<Tuple<N, RegisteredUser>> {
  const made = await Promise.all(Array.from({ length: n }, () => registerUser(app)));
  return made as Tuple<N, RegisteredUser>;
}
