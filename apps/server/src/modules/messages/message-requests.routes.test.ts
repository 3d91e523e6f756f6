import { randomUUID } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEventMap } from '../../platform/events/domain-events';
import {
  conversationParticipants,
  conversations,
  messageRequests,
  messages,
} from '../../platform/db/schema';
import { callApi, malformed } from '../../../test/api-client';
import { createTestApp, type TestApp } from '../../../test/harness';
import type { RegisteredUser } from '../../../test/factories';
import { openConversation, people, sendMessageRequest } from '../../../test/messaging-factories';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const ask = (sender: RegisteredUser, receiverId: string, content = 'Hello there') =>
  callApi(t.app, 'sendMessageRequest', { as: sender, body: { receiverId, content } });
const respond = (user: RegisteredUser, id: string, action: 'accept' | 'decline') =>
  callApi(t.app, 'respondToMessageRequest', { params: { id }, as: user, body: { action } });
const check = (user: RegisteredUser, otherId: string) =>
  callApi(t.app, 'checkMessageRequest', { params: { receiverId: otherId }, as: user });

/** Collects the domain events of one kind told while `work` runs. */
async function heard<N extends keyof DomainEventMap>(
  name: N,
  work: () => Promise<unknown>,
): Promise<DomainEventMap[N][]> {
  const seen: DomainEventMap[N][] = [];
  const stop = t.services.events.on(name, (payload) => {
    seen.push(payload);
  });
  try {
    await work();
  } finally {
    stop();
  }
  return seen;
}

describe('POST /messages/requests', () => {
  it('refuses a request whose text shows nothing once trimmed, writing nothing', async () => {
    const [alice, bob] = await people(t.app, 2);
    const res = await ask(alice, bob.userId, '\u200b\u200c\u2060');
    expect(res.statusCode).toBe(400);
    expect(res.error.message).toBe('Message cannot be empty');
    expect((await check(alice, bob.userId)).json()).toMatchObject({ status: 'none' });
  });

  it('stores a trimmed request, lists it to the receiver only, and tells the event after commit', async () => {
    const [alice, bob, carol] = await people(t.app, 3);
    let storedWhenHeard: Promise<number> | undefined;
    const stop = t.services.events.on('messageRequest.created', ({ request }) => {
      // Heard after the commit: another connection already sees the row.
      storedWhenHeard = t.database.db
        .select({ n: count() })
        .from(messageRequests)
        .where(eq(messageRequests.id, request._id))
        .then((rows) => rows[0]!.n);
    });
    const events = await heard('messageRequest.created', async () => {
      const res = await ask(alice, bob.userId, '  Hi Bob, loved your video!  ');
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        statusCode: 201,
        success: true,
        data: {
          _id: expect.any(String),
          receiverId: bob.userId,
          content: 'Hi Bob, loved your video!',
          status: 'pending',
        },
      });
    });
    stop();
    expect(await storedWhenHeard).toBe(1);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      receiverId: bob.userId,
      request: { content: 'Hi Bob, loved your video!', sender: { _id: alice.userId } },
    });

    const listed = await callApi(t.app, 'listMessageRequests', { as: bob });
    expect(listed.statusCode).toBe(200);
    expect(listed.data).toEqual([
      {
        _id: events[0]!.request._id,
        content: 'Hi Bob, loved your video!',
        createdAt: expect.any(String),
        sender: {
          _id: alice.userId,
          username: alice.username,
          fullname: expect.any(String),
          avatar: expect.stringMatching(/^\/media\/avatars\//),
        },
      },
    ]);
    expect(listed.body).not.toContain(alice.email);
    expect((await callApi(t.app, 'listMessageRequests', { as: carol })).data).toEqual([]);
    expect((await callApi(t.app, 'listMessageRequests', { as: alice })).data).toEqual([]);
  });

  it('refuses bad content, an unknown person, oneself and visitors', async () => {
    const [alice, bob] = await people(t.app, 2);
    for (const content of ['', '   ', 'x'.repeat(1001), 42, null]) {
      const res = await ask(alice, bob.userId, malformed(content));
      expect(res.statusCode, String(content)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    }
    const without = await callApi(t.app, 'sendMessageRequest', {
      as: alice,
      body: malformed({ receiverId: bob.userId }),
    });
    expect(without.statusCode).toBe(400);
    expect((await ask(alice, bob.userId, 'y'.repeat(1000))).statusCode).toBe(201);
    expect((await ask(alice, randomUUID())).statusCode).toBe(404);
    expect((await ask(alice, 'not-an-id')).statusCode).toBe(400);
    // A refusal is never told: only what was committed is.
    const told = await heard('messageRequest.created', async () => {
      expect((await ask(alice, bob.userId)).statusCode).toBe(409);
      expect((await ask(alice, alice.userId)).statusCode).toBe(400);
    });
    expect(told).toEqual([]);
    const self = await ask(alice, alice.userId);
    expect(self.statusCode).toBe(400);
    expect(self.json().success).toBe(false);
    const visitor = await callApi(t.app, 'sendMessageRequest', {
      body: {
        receiverId: bob.userId,
        content: 'Hi',
      },
    });
    expect(visitor.statusCode).toBe(401);
  });

  it("answers 409 'Request already sent' while one waits, also to a burst of ten", async () => {
    const [alice, bob, dave] = await people(t.app, 3);
    expect((await ask(alice, bob.userId)).statusCode).toBe(201);
    const again = await ask(alice, bob.userId, 'Another try');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'Request already sent', success: false });

    const burst = await Promise.all(Array.from({ length: 10 }, () => ask(dave, bob.userId)));
    expect(burst.map((r) => r.statusCode).sort()).toEqual([201, ...Array(9).fill(409)]);
    const rows = await t.database.db
      .select({ n: count() })
      .from(messageRequests)
      .where(and(eq(messageRequests.senderId, dave.userId)));
    expect(rows[0]!.n).toBe(1);
  });

  it("answers 409 'Conversation already exists' with its id in data, either way round", async () => {
    const [alice, bob] = await people(t.app, 2);
    const conversationId = await openConversation(t.app, alice, bob);
    for (const [from, to] of [
      [alice, bob],
      [bob, alice],
    ] as const) {
      const res = await ask(from, to.userId);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        success: false,
        message: 'Conversation already exists',
        data: { conversationId },
      });
    }
  });

  it('answers 429 to a sixth request in the hour, counting a burst exactly', async () => {
    const [alice, ...others] = await people(t.app, 8);
    for (const other of others.slice(0, 5)) {
      expect((await ask(alice, other.userId)).statusCode).toBe(201);
    }
    const sixth = await ask(alice, others[5]!.userId);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({
      success: false,
      code: 'RATE_LIMITED',
      message: 'Too many requests to this user. Try later.',
    });
    // An hour later the sender may ask again.
    await t.database.db
      .update(messageRequests)
      .set({ createdAt: sql`now() - interval '61 minutes'` })
      .where(eq(messageRequests.senderId, alice.userId));
    expect((await ask(alice, others[5]!.userId)).statusCode).toBe(201);

    const [eve, ...crowd] = await people(t.app, 10);
    const burst = await Promise.all(crowd.map((c) => ask(eve, c.userId)));
    expect(burst.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(burst.filter((r) => r.statusCode === 429)).toHaveLength(4);
  });

  it('answers 429 to a second request within 7 days of a decline, and lets one through after', async () => {
    const [alice, bob] = await people(t.app, 2);
    const id = await sendMessageRequest(t.app, alice, bob);
    expect((await respond(bob, id, 'decline')).statusCode).toBe(200);
    expect((await check(alice, bob.userId)).json()).toMatchObject({ status: 'none' });
    const again = await ask(alice, bob.userId);
    expect(again.statusCode).toBe(429);
    expect(again.message).toBe('Too many requests to this user. Try later.');
    await t.database.db
      .update(messageRequests)
      .set({ respondedAt: sql`now() - interval '8 days'` })
      .where(eq(messageRequests.id, id));
    expect((await ask(alice, bob.userId)).statusCode).toBe(201);
  });
});

describe('GET /messages/requests/:receiverId/check', () => {
  it('answers none, pending, then accepted with the conversation, at the top level and in data', async () => {
    const [alice, bob] = await people(t.app, 2);
    const none = await check(alice, bob.userId);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toMatchObject({
      status: 'none',
      conversationId: null,
      data: { status: 'none', conversationId: null },
    });
    const id = await sendMessageRequest(t.app, alice, bob);
    expect((await check(alice, bob.userId)).json()).toMatchObject({
      status: 'pending',
      data: { status: 'pending', conversationId: null },
    });
    // The receiver has not asked: for them there is nothing pending of their own.
    expect((await check(bob, alice.userId)).json()).toMatchObject({ status: 'none' });
    const accepted = await respond(bob, id, 'accept');
    const conversationId = accepted.data.conversationId;
    for (const [a, b] of [
      [alice, bob],
      [bob, alice],
    ] as const) {
      expect((await check(a, b.userId)).json()).toMatchObject({
        status: 'accepted',
        conversationId,
        data: { status: 'accepted', conversationId },
      });
    }
    expect((await check(alice, 'nope')).statusCode).toBe(400);
    expect(
      (await callApi(t.app, 'checkMessageRequest', { params: { receiverId: bob.userId } }))
        .statusCode,
    ).toBe(401);
  });
});

describe('PATCH /messages/requests/:id', () => {
  it('accepting opens a conversation whose first message is the request, and tells both events', async () => {
    const [alice, bob] = await people(t.app, 2);
    const id = await sendMessageRequest(t.app, alice, bob, 'Hi Bob!');
    const events = await heard('messageRequest.accepted', async () => {
      const res = await respond(bob, id, 'accept');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.data).toEqual({
        _id: id,
        status: 'accepted',
        conversationId: expect.any(String),
      });
    });
    expect(events).toEqual([
      {
        requestId: id,
        senderId: alice.userId,
        receiverId: bob.userId,
        conversationId: expect.any(String),
        firstMessage: expect.objectContaining({
          content: 'Hi Bob!',
          sender: expect.objectContaining({ _id: alice.userId }),
          recipient: bob.userId,
        }),
      },
    ]);
    const conversationId = events[0]!.conversationId;
    const history = await callApi(t.app, 'conversationMessages', {
      params: { id: conversationId },
      as: bob,
    });
    expect(history.data).toEqual([
      expect.objectContaining({ content: 'Hi Bob!', recipient: bob.userId }),
    ]);
    expect((await callApi(t.app, 'listMessageRequests', { as: bob })).data).toEqual([]);
  });

  it('answers the receiver only: 404 to the sender and to others, 401 to visitors', async () => {
    const [alice, bob, carol] = await people(t.app, 3);
    const id = await sendMessageRequest(t.app, alice, bob);
    for (const who of [alice, carol]) {
      expect((await respond(who, id, 'accept')).statusCode).toBe(404);
      expect((await respond(who, id, 'decline')).statusCode).toBe(404);
    }
    expect(
      (
        await callApi(t.app, 'respondToMessageRequest', {
          params: { id },
          body: { action: 'accept' },
        })
      ).statusCode,
    ).toBe(401);
    expect((await respond(bob, randomUUID(), 'accept')).statusCode).toBe(404);
    expect((await respond(bob, id, malformed('maybe'))).statusCode).toBe(400);
    expect((await callApi(t.app, 'listMessageRequests', { as: bob })).data).toHaveLength(1);
  });

  it('a decline tells the event; a repeated answer changes nothing; the opposite answer is 409', async () => {
    const [alice, bob] = await people(t.app, 2);
    const id = await sendMessageRequest(t.app, alice, bob);
    const events = await heard('messageRequest.declined', () => respond(bob, id, 'decline'));
    expect(events).toEqual([{ requestId: id, senderId: alice.userId, receiverId: bob.userId }]);
    const again = await heard('messageRequest.declined', async () => {
      const res = await respond(bob, id, 'decline');
      expect(res.statusCode).toBe(200);
      expect(res.data).toEqual({ _id: id, status: 'declined', conversationId: null });
    });
    expect(again).toEqual([]);
    expect((await respond(bob, id, 'accept')).statusCode).toBe(409);
    expect((await callApi(t.app, 'listMessageRequests', { as: bob })).data).toEqual([]);
  });

  it('two accepts at once open one conversation with one first message', async () => {
    const [alice, bob] = await people(t.app, 2);
    const id = await sendMessageRequest(t.app, alice, bob);
    const events = await heard('messageRequest.accepted', async () => {
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => respond(bob, id, 'accept')),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
      const ids = new Set(answers.map((a) => a.data.conversationId));
      expect(ids.size).toBe(1);
    });
    expect(events).toHaveLength(1);
    const [made] = await t.database.db
      .select({ n: count() })
      .from(conversationParticipants)
      .where(eq(conversationParticipants.userId, alice.userId));
    expect(made!.n).toBe(1);
    const [stored] = await t.database.db
      .select({ n: count() })
      .from(messages)
      .where(eq(messages.conversationId, events[0]!.conversationId));
    expect(stored!.n).toBe(1);
  });

  it('requests both ways accepted at once meet in one conversation, both texts kept', async () => {
    const [alice, bob] = await people(t.app, 2);
    const fromAlice = await sendMessageRequest(t.app, alice, bob, 'From Alice');
    const fromBob = await sendMessageRequest(t.app, bob, alice, 'From Bob');
    const [a, b] = await Promise.all([
      respond(bob, fromAlice, 'accept'),
      respond(alice, fromBob, 'accept'),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const conversationId = a.data.conversationId!;
    expect(b.data.conversationId).toBe(conversationId);
    const low = alice.userId < bob.userId ? alice.userId : bob.userId;
    const [pairs] = await t.database.db
      .select({ n: count() })
      .from(conversations)
      .where(eq(conversations.userLowId, low));
    expect(pairs!.n).toBe(1);
    const history = await callApi(t.app, 'conversationMessages', {
      params: { id: conversationId },
      as: alice,
    });
    expect(history.data.map((m) => m.content).sort()).toEqual(['From Alice', 'From Bob']);
  });
});
