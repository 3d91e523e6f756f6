import { serverSocketEvents, type ServerSocketEvents } from '@kinora/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { openConversation, people } from '../../../test/messaging-factories';
import { deliverMessagingEvents, type Room } from './messages.deliveries';

let t: TestApp;
const delivered: { room: Room; event: keyof ServerSocketEvents; payload: unknown }[] = [];
let stop: () => void;

beforeAll(async () => {
  t = await createTestApp();
  stop = deliverMessagingEvents(
    t.services.events,
    t.services.messaging.conversations,
    (room, event, payload) => {
      // Every payload must be what the contract declares for its event.
      serverSocketEvents[event].parse(payload);
      delivered.push({ room, event, payload });
    },
  );
});
afterAll(async () => {
  stop();
  await t.close();
});

describe('messaging events delivered to socket rooms', () => {
  it('a request to the receiver’s room, its acceptance to the sender’s, messages to the conversation with unread counts', async () => {
    const [alice, bob] = await people(t.app, 2);
    delivered.length = 0;
    const conversationId = await openConversation(t.app, alice, bob, 'Hi Bob');
    await vi.waitFor(() => expect(delivered).toHaveLength(2));
    expect(delivered[0]).toMatchObject({
      room: `user:${bob.userId}`,
      event: 'message_request',
      payload: { content: 'Hi Bob', sender: { _id: alice.userId } },
    });
    const requestId = (delivered[0]!.payload as { _id: string })._id;
    expect(delivered[1]).toEqual({
      room: `user:${alice.userId}`,
      event: 'request_accepted',
      payload: { requestId, conversationId },
    });

    delivered.length = 0;
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/v1/messages/conversations/${conversationId}/messages`,
      headers: alice.auth,
      payload: { content: 'Hello!' },
    });
    await vi.waitFor(() => expect(delivered).toHaveLength(2));
    expect(delivered).toEqual([
      { room: `conversation:${conversationId}`, event: 'new_message', payload: sent.json().data },
      {
        room: `user:${bob.userId}`,
        event: 'unread_count',
        payload: { total: 1, conversationId, unreadCount: 1 },
      },
    ]);

    delivered.length = 0;
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/messages/conversations/${conversationId}/read`,
      headers: bob.auth,
    });
    await vi.waitFor(() => expect(delivered).toHaveLength(1));
    expect(delivered[0]).toEqual({
      room: `user:${bob.userId}`,
      event: 'unread_count',
      payload: { total: 0, conversationId, unreadCount: 0 },
    });
  });
});
