/**
 * Who may reach whom: each person's messagePolicy, and blocks (issue 13, item 4). A blocked
 * sender gets the same refusal as someone the receiver's policy turns away.
 */
import { randomUUID } from 'node:crypto';
import type { MessagePolicy } from '@kinora/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationReports, messages } from '../../platform/db/schema';
import { messagesPerMinute, messagesTooFast } from './messages.service';
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

const ask = (sender: RegisteredUser, receiver: RegisteredUser) =>
  callApi(t.app, 'sendMessageRequest', {
    as: sender,
    body: { receiverId: receiver.userId, content: 'Hi!' },
  });
const setPolicy = (user: RegisteredUser, messagePolicy: MessagePolicy) =>
  callApi(t.app, 'updateDetails', { as: user, body: { messagePolicy } });
const block = (user: RegisteredUser, other: RegisteredUser) =>
  callApi(t.app, 'blockUser', { params: { userId: other.userId }, as: user });
const unblock = (user: RegisteredUser, other: RegisteredUser) =>
  callApi(t.app, 'unblockUser', { params: { userId: other.userId }, as: user });
const pendingTo = async (user: RegisteredUser) =>
  (await callApi(t.app, 'listMessageRequests', { as: user })).data;
const conversationIds = async (user: RegisteredUser) =>
  (await callApi(t.app, 'listConversations', { as: user })).data.map((c) => c._id);

const refusal = { success: false, code: 'FORBIDDEN', data: null };

describe('messagePolicy', () => {
  it('is everyone by default, set through PATCH /users/update-details and shown to its owner', async () => {
    const [alice] = await people(t.app, 1);
    const me = await callApi(t.app, 'currentUser', { as: alice });
    expect(me.data.messagePolicy).toBe('everyone');
    const changed = await setPolicy(alice, 'subscriptions');
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.data.messagePolicy).toBe('subscriptions');
    expect((await callApi(t.app, 'currentUser', { as: alice })).data.messagePolicy).toBe(
      'subscriptions',
    );
    const bad = await setPolicy(alice, malformed('friends'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  });

  it('nobody refuses every request; subscriptions lets in only channels the receiver follows', async () => {
    const [creator, followed, stranger] = await people(t.app, 3);
    await setPolicy(creator, 'nobody');
    const refused = await ask(stranger, creator);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject(refusal);

    await setPolicy(creator, 'subscriptions');
    await callApi(t.app, 'toggleSubscription', {
      params: { channelId: followed.userId },
      as: creator,
    });
    expect((await ask(stranger, creator)).statusCode).toBe(403);
    expect((await ask(followed, creator)).statusCode).toBe(201);

    await setPolicy(creator, 'everyone');
    expect((await ask(stranger, creator)).statusCode).toBe(201);
    expect(await pendingTo(creator)).toHaveLength(2);
  });
});

describe('blocks', () => {
  it('PUT, GET and DELETE /users/blocks: listed newest first, repeated calls change nothing', async () => {
    const [alice, bob, carol] = await people(t.app, 3);
    expect((await block(alice, bob)).data).toEqual({ userId: bob.userId, isBlocked: true });
    expect((await block(alice, bob)).statusCode).toBe(200);
    await block(alice, carol);
    const listed = await callApi(t.app, 'listBlockedUsers', { as: alice });
    expect(listed.statusCode).toBe(200);
    expect(listed.data).toEqual([
      {
        _id: carol.userId,
        username: carol.username,
        fullname: expect.any(String),
        avatar: expect.any(String),
        blockedAt: expect.any(String),
      },
      expect.objectContaining({ _id: bob.userId }),
    ]);
    expect(listed.body).not.toContain(bob.email);
    expect((await unblock(alice, bob)).data).toEqual({
      userId: bob.userId,
      isBlocked: false,
    });
    expect((await unblock(alice, bob)).statusCode).toBe(200);
    expect((await callApi(t.app, 'listBlockedUsers', { as: alice })).data).toHaveLength(1);
    expect((await callApi(t.app, 'listBlockedUsers', { as: bob })).data).toEqual([]);

    expect((await block(alice, alice)).statusCode).toBe(400);
    expect(
      (await callApi(t.app, 'blockUser', { params: { userId: randomUUID() }, as: alice }))
        .statusCode,
    ).toBe(404);
    expect(
      (await callApi(t.app, 'blockUser', { params: { userId: 'nope' }, as: alice })).statusCode,
    ).toBe(400);
    expect((await callApi(t.app, 'blockUser', { params: { userId: bob.userId } })).statusCode).toBe(
      401,
    );
  });

  it('hide the blocked person’s pending requests and refuse new ones as the policy would', async () => {
    const [alice, bob] = await people(t.app, 2);
    const id = await sendMessageRequest(t.app, bob, alice);
    await block(alice, bob);
    expect(await pendingTo(alice)).toEqual([]);
    // Answering a hidden request finds nothing.
    expect(
      (
        await callApi(t.app, 'respondToMessageRequest', {
          params: { id },
          as: alice,
          body: { action: 'accept' },
        })
      ).statusCode,
    ).toBe(404);
    // Bob learns nothing more than a refusal: the same answer as a receiver who takes none.
    await callApi(t.app, 'respondToMessageRequest', {
      params: { id },
      as: alice,
      body: { action: 'decline' },
    });
    const [carol] = await people(t.app, 1);
    await setPolicy(carol, 'nobody');
    const asPolicy = await ask(bob, carol);
    const asBlock = await ask(bob, alice);
    expect(asBlock.statusCode).toBe(403);
    expect(asBlock.json()).toEqual(asPolicy.json());
    // His own pending request still reads as pending to him.
    expect(
      (
        await callApi(t.app, 'checkMessageRequest', {
          params: { receiverId: alice.userId },
          as: bob,
        })
      ).json(),
    ).toMatchObject({ status: 'pending' });
    // The one who blocks cannot ask either, while the block stands.
    expect((await ask(alice, bob)).statusCode).toBe(403);

    await unblock(alice, bob);
    expect((await pendingTo(alice)).map((r) => r._id)).toEqual([id]);
  });

  it('hide the conversation from the one who blocks and stop messages both ways until unblocked', async () => {
    const [alice, bob] = await people(t.app, 2);
    const id = await openConversation(t.app, bob, alice, 'Hi!');
    const post = (user: RegisteredUser, content: string) =>
      callApi(t.app, 'sendMessage', { params: { id }, as: user, body: { content } });
    expect((await post(bob, 'before')).statusCode).toBe(201);
    const unread = () => t.services.messaging.conversations.unreadTotal({ userId: alice.userId });
    expect(await unread()).toBe(1);
    await block(alice, bob);
    expect(await conversationIds(alice)).toEqual([]);
    expect(await unread()).toBe(0);
    const refused = await post(bob, 'after the block');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject(refusal);
    expect((await post(alice, 'from the blocker')).statusCode).toBe(403);
    // Bob still has his side of it; nothing he tried was stored.
    expect(await conversationIds(bob)).toEqual([id]);
    const seen = await callApi(t.app, 'conversationMessages', { params: { id }, as: bob });
    expect(seen.data.map((m: { content: string }) => m.content)).toEqual(['Hi!', 'before']);

    await unblock(alice, bob);
    expect(await conversationIds(alice)).toEqual([id]);
    expect(await unread()).toBe(1);
    expect((await post(bob, 'again')).statusCode).toBe(201);
  });
});

describe('message rate limit', () => {
  it(`answers 429 past ${messagesPerMinute} messages a minute from one sender, and none is stored or told`, async () => {
    const [alice, bob] = await people(t.app, 2);
    const id = await openConversation(t.app, alice, bob);
    const post = () =>
      callApi(t.app, 'sendMessage', { params: { id }, as: alice, body: { content: 'spam' } });
    // The request's text counts as one of hers (it became a message).
    for (let i = 1; i < messagesPerMinute; i += 1) expect((await post()).statusCode).toBe(201);
    let told = 0;
    const stop = t.services.events.on('message.sent', () => {
      told += 1;
    });
    const refused = await post();
    stop();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      success: false,
      code: 'RATE_LIMITED',
      message: messagesTooFast,
    });
    expect(told).toBe(0);
    // Bob is not slowed down by Alice's flood.
    expect(
      (await callApi(t.app, 'sendMessage', { params: { id }, as: bob, body: { content: 'hey' } }))
        .statusCode,
    ).toBe(201);
    await t.database.db
      .update(messages)
      .set({ createdAt: sql`now() - interval '61 seconds'` })
      .where(eq(messages.senderId, alice.userId));
    expect((await post()).statusCode).toBe(201);
  });
});

describe('POST /messages/conversations/:id/report', () => {
  it('stores the reason with a copy of the last 50 messages, members only, once while open', async () => {
    const [alice, bob, carol] = await people(t.app, 3);
    const id = await openConversation(t.app, bob, alice, 'message 0');
    for (let i = 1; i <= 54; i += 1) {
      const res = await callApi(t.app, 'sendMessage', {
        params: { id },
        as: bob,
        body: {
          content: `message ${i}`,
        },
      });
      expect(res.statusCode).toBe(201);
    }
    const report = (user: RegisteredUser | null, reason: string) =>
      callApi(t.app, 'reportConversation', { params: { id }, as: user, body: { reason } });
    const made = await report(alice, '  Unwanted messages  ');
    expect(made.statusCode, made.body).toBe(201);
    expect(made.data).toEqual({
      _id: expect.any(String),
      conversationId: id,
      messageCount: 50,
      createdAt: expect.any(String),
    });
    const [stored] = await t.database.db
      .select()
      .from(conversationReports)
      .where(eq(conversationReports.id, made.data._id));
    expect(stored).toMatchObject({ reporterId: alice.userId, reason: 'Unwanted messages' });
    expect(stored!.messages.map((m) => m.content)).toEqual(
      Array.from({ length: 50 }, (_, i) => `message ${i + 5}`),
    );
    expect(stored!.messages[0]).toEqual({
      id: expect.any(String),
      senderId: bob.userId,
      content: 'message 5',
      createdAt: expect.any(String),
    });

    expect((await report(alice, 'Again')).statusCode).toBe(409);
    expect((await report(bob, 'Both may report')).statusCode).toBe(201);
    expect((await report(carol, 'Not mine')).statusCode).toBe(404);
    expect((await report(null, 'Visitor')).statusCode).toBe(401);
    for (const reason of ['', '   ', 'x'.repeat(1001), 5]) {
      expect((await report(bob, malformed(reason))).statusCode).toBe(400);
    }
  });
});
