import { randomUUID } from 'node:crypto';
import type { QueryOf } from '@kinora/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEventMap } from '../../platform/events/domain-events';
import { callApi, malformed } from '../../../test/api-client';
import { createTestApp, type TestApp } from '../../../test/harness';
import type { RegisteredUser } from '../../../test/factories';
import { openConversation, people } from '../../../test/messaging-factories';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (user: RegisteredUser, conversationId: string, content: string) =>
  callApi(t.app, 'sendMessage', { params: { id: conversationId }, as: user, body: { content } });
const history = (
  user: RegisteredUser,
  conversationId: string,
  query: QueryOf<'conversationMessages'> = {},
) => callApi(t.app, 'conversationMessages', { params: { id: conversationId }, as: user, query });
const list = async (auth: { accessToken: string }) => {
  const res = await callApi(t.app, 'listConversations', { as: auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.data;
};
const unreadIn = async (auth: { accessToken: string }, id: string) =>
  (await list(auth)).find((c) => c._id === id)?.unreadCount;

/** A second device of the same person: a fresh session through the real sign-in. */
async function secondDevice(user: RegisteredUser): Promise<{ accessToken: string }> {
  const res = await callApi(t.app, 'login', {
    body: {
      email: user.email,
      password: user.password,
    },
  });
  return { accessToken: res.data.accessToken };
}

describe('POST /messages/conversations/:id/messages', () => {
  it('stores a trimmed message (201 in the status and the body) and tells message.sent after commit', async () => {
    const [alice, bob] = await people(t.app, 2);
    const id = await openConversation(t.app, alice, bob);
    const seen: DomainEventMap['message.sent'][] = [];
    const stop = t.services.events.on('message.sent', (event) => {
      seen.push(event);
    });
    const res = await post(bob, id, '  Hello Alice  ');
    stop();
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ statusCode: 201, success: true });
    expect(body.data).toEqual({
      _id: expect.any(String),
      conversationId: id,
      sender: {
        _id: bob.userId,
        username: bob.username,
        avatar: expect.stringMatching(/^\/media\/avatars\//),
      },
      recipient: alice.userId,
      content: 'Hello Alice',
      createdAt: expect.any(String),
    });
    expect(seen).toEqual([
      {
        message: body.data,
        recipients: [{ userId: alice.userId, unreadCount: 1, unreadTotal: 1 }],
      },
    ]);
  });

  it('refuses blank and too long text (400), non-members (404), visitors (401), unknown ids (404)', async () => {
    const [alice, bob, carol] = await people(t.app, 3);
    const id = await openConversation(t.app, alice, bob);
    for (const content of ['', '   ', 'x'.repeat(2001), 7, null]) {
      const res = await post(alice, id, malformed(content));
      expect(res.statusCode, String(content)).toBe(400);
    }
    expect((await post(alice, id, 'y'.repeat(2000))).statusCode).toBe(201);
    const stranger = await post(carol, id, 'Let me in');
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect((await history(carol, id)).statusCode).toBe(404);
    expect(
      (await callApi(t.app, 'markConversationRead', { params: { id }, as: carol })).statusCode,
    ).toBe(404);
    expect(
      (await callApi(t.app, 'sendMessage', { params: { id }, body: { content: 'Hi' } })).statusCode,
    ).toBe(401);
    expect((await post(alice, randomUUID(), 'Hi')).statusCode).toBe(404);
    expect((await post(alice, 'nope', 'Hi')).statusCode).toBe(400);
    // Nothing of the refused calls was stored.
    expect((await history(alice, id)).data).toHaveLength(2);
  });
});

describe('GET /messages/conversations/:id/messages', () => {
  it('answers members oldest first, with a before cursor for older pages', async () => {
    const [alice, bob] = await people(t.app, 2);
    const id = await openConversation(t.app, alice, bob, 'm0');
    for (let i = 1; i <= 6; i += 1) {
      const res = await post(i % 2 ? bob : alice, id, `m${i}`);
      expect(res.statusCode).toBe(201);
    }
    const all = await history(alice, id);
    expect(all.statusCode).toBe(200);
    expect(all.json().statusCode).toBe(200);
    const contents = (res: typeof all) => res.data.map((m) => m.content);
    expect(contents(all)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4', 'm5', 'm6']);
    const latest = await history(alice, id, { limit: 3 });
    expect(contents(latest)).toEqual(['m4', 'm5', 'm6']);
    const oldest = latest.data[0]!._id;
    expect(contents(await history(bob, id, { limit: 3, before: oldest }))).toEqual([
      'm1',
      'm2',
      'm3',
    ]);
    const first = all.data[0]!;
    expect(first).toMatchObject({ sender: { _id: alice.userId }, recipient: bob.userId });
    expect(all.data[1]).toMatchObject({
      sender: { _id: bob.userId },
      recipient: alice.userId,
    });
    expect(contents(await history(alice, id, { before: first._id }))).toEqual([]);
    expect((await history(alice, id, { before: 'nope' })).statusCode).toBe(400);
    expect((await history(alice, id, { limit: 101 })).statusCode).toBe(400);
  });
});

describe('GET /messages/conversations', () => {
  it('lists the caller’s conversations, most recent first, with participants and last message', async () => {
    const [alice, bob, carol, dave] = await people(t.app, 4);
    const withBob = await openConversation(t.app, alice, bob, 'to bob');
    const withCarol = await openConversation(t.app, carol, alice, 'from carol');
    await post(bob, withBob, 'latest from bob');
    const res = await callApi(t.app, 'listConversations', { as: alice });
    expect(res.statusCode).toBe(200);
    const data = res.data;
    expect(data.map((c: { _id: string }) => c._id)).toEqual([withBob, withCarol]);
    expect(data[0]).toEqual({
      _id: withBob,
      participants: expect.arrayContaining([
        {
          _id: alice.userId,
          username: alice.username,
          fullname: expect.any(String),
          avatar: expect.any(String),
        },
        {
          _id: bob.userId,
          username: bob.username,
          fullname: expect.any(String),
          avatar: expect.any(String),
        },
      ]),
      lastMessage: { content: 'latest from bob', createdAt: expect.any(String) },
      updatedAt: expect.any(String),
      unreadCount: 1,
    });
    expect(data[0]!.participants).toHaveLength(2);
    // Carol's request text was read by Alice when she accepted it.
    expect(data[1]).toMatchObject({ lastMessage: { content: 'from carol' }, unreadCount: 0 });
    expect(res.body).not.toContain(bob.email);
    expect(await list(dave)).toEqual([]);
    expect((await callApi(t.app, 'listConversations')).statusCode).toBe(401);
    // A new message moves a conversation to the top.
    await post(carol, withCarol, 'carol again');
    expect((await list(alice)).map((c) => c._id)).toEqual([withCarol, withBob]);
  });
});

describe('unread counts', () => {
  it('are exact across devices: sends at once all count, a read on one device clears both', async () => {
    const [alice, bob] = await people(t.app, 2);
    const id = await openConversation(t.app, alice, bob);
    const phone = await secondDevice(bob);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post(alice, id, `burst ${i}`)),
    );
    expect(answers.every((a) => a.statusCode === 201)).toBe(true);
    expect(await unreadIn(bob, id)).toBe(20);
    expect(await unreadIn(phone, id)).toBe(20);
    // The total a private room would carry adds up every conversation's count.
    const [carol] = await people(t.app, 1);
    const other = await openConversation(t.app, carol, bob);
    await post(carol, other, 'from carol');
    expect(await t.services.messaging.conversations.unreadTotal({ userId: bob.userId })).toBe(21);
    await callApi(t.app, 'markConversationRead', { params: { id: other }, as: bob });
    expect(await t.services.messaging.conversations.unreadTotal({ userId: bob.userId })).toBe(20);
    // The sender's own messages are never unread to them.
    expect(await unreadIn(alice, id)).toBe(0);

    const reads: DomainEventMap['conversation.read'][] = [];
    const stop = t.services.events.on('conversation.read', (event) => {
      reads.push(event);
    });
    const read = await callApi(t.app, 'markConversationRead', { params: { id }, as: phone });
    stop();
    expect(read.statusCode).toBe(200);
    expect(read.data).toEqual({ conversationId: id, unreadCount: 0 });
    expect(reads).toEqual([{ conversationId: id, userId: bob.userId }]);
    expect(await unreadIn(bob, id)).toBe(0);
    expect(await unreadIn(phone, id)).toBe(0);

    // Reads and sends at once: every message sent after the last read is counted.
    await Promise.all([
      ...Array.from({ length: 10 }, (_, i) => post(alice, id, `more ${i}`)),
      callApi(t.app, 'markConversationRead', { params: { id }, as: bob }),
    ]);
    await callApi(t.app, 'markConversationRead', { params: { id }, as: bob });
    await Promise.all(Array.from({ length: 5 }, (_, i) => post(alice, id, `last ${i}`)));
    expect(await unreadIn(phone, id)).toBe(5);
  });

  it('never go below zero or change for the reader’s own messages', async () => {
    const [alice, bob] = await people(t.app, 2);
    const id = await openConversation(t.app, alice, bob);
    await callApi(t.app, 'markConversationRead', { params: { id }, as: bob });
    await callApi(t.app, 'markConversationRead', { params: { id }, as: bob });
    await post(bob, id, 'mine');
    expect(await unreadIn(bob, id)).toBe(0);
    expect(await unreadIn(alice, id)).toBe(1);
  });
});
