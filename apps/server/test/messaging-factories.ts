import type { FastifyInstance } from 'fastify';
import { expectOk } from './api-client';
import { registerUser, type RegisteredUser } from './factories';

/** Sends a message request through the real endpoint; answers the request's id. */
export async function sendMessageRequest(
  app: FastifyInstance,
  sender: RegisteredUser,
  receiver: RegisteredUser,
  content = 'Hello, may we talk?',
): Promise<string> {
  const request = await expectOk(app, 'sendMessageRequest', {
    as: sender,
    body: { receiverId: receiver.userId, content },
  });
  return request._id;
}

/** A conversation between two people, opened the way people open one: ask, then accept. */
export async function openConversation(
  app: FastifyInstance,
  sender: RegisteredUser,
  receiver: RegisteredUser,
  content?: string,
): Promise<string> {
  const requestId = await sendMessageRequest(app, sender, receiver, content);
  const answer = await expectOk(app, 'respondToMessageRequest', {
    params: { id: requestId },
    as: receiver,
    body: { action: 'accept' },
  });
  if (!answer.conversationId) throw new Error('an accepted request names its conversation');
  return answer.conversationId;
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
