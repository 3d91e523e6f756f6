/**
 * The chat socket's event limits (issue 20 item 1a, decision 0030): one signed-in socket that
 * floods the server with events is refused past its allowance before any lookup, disconnected
 * when it keeps going, and other people's requests keep their latency meanwhile. A person's
 * sockets share one allowance.
 */
import { randomUUID } from 'node:crypto';
import { socketRefusals, type ServerSocketEvents } from '@kinora/contract';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RegisteredUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { listenWithSockets } from '../../../test/socket-clients';
import { openConversation, people } from '../../../test/messaging-factories';
import { socketEventLimits } from '../../platform/realtime/event-limits';
import type { SocketAck } from '../../platform/realtime/realtime';

let t: TestApp;
let sockets: Awaited<ReturnType<typeof listenWithSockets>>;
let url: string;

beforeAll(async () => {
  t = await createTestApp();
  sockets = await listenWithSockets(t);
  url = sockets.url;
});
afterAll(async () => {
  sockets?.closeClients();
  await t.close();
});

const connect = (person: RegisteredUser): Promise<Socket> => sockets.connect(person.accessToken);

function heard<E extends keyof ServerSocketEvents>(socket: Socket, event: E) {
  const got: ServerSocketEvents[E][] = [];
  socket.on(event as string, (payload: ServerSocketEvents[E]) => got.push(payload));
  return got;
}

/** One HTTP call of another person, over the network like a browser's, timed. */
async function timedCall(person: RegisteredUser): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const res = await fetch(`${url}/api/v1/messages/conversations`, {
    headers: { authorization: `Bearer ${person.accessToken}` },
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

const tooMany = socketRefusals.tooManyEvents;

describe('chat socket event limits', () => {
  it('a burst of 5,000 events is refused past the limit before any lookup, the socket is disconnected, and others keep their latency', async () => {
    const [mallory, bob, carol] = await people(t.app, 3);
    await openConversation(t.app, bob, carol, 'Hello');

    // Bob's latency on a quiet server: his conversations, a query of the database.
    const baseline: number[] = [];
    for (let i = 0; i < 20; i++) {
      const call = await timedCall(bob);
      expect(call.status).toBe(200);
      baseline.push(call.ms);
    }

    const lookups = [
      vi.spyOn(t.services.messaging.conversations, 'talkFacts'),
      vi.spyOn(t.services.messaging.messages, 'messageToAnnounce'),
    ];
    const flooder = await connect(mallory);
    const errors = heard(flooder, 'error_event');
    const ended = new Promise<string>((resolve) => flooder.once('disconnect', resolve));

    // Bob keeps calling while Mallory's burst is handled, and a little after.
    let flooding = true;
    const during: { status: number; ms: number }[] = [];
    const bobsCalls = (async () => {
      while (flooding || during.length < 20) during.push(await timedCall(bob));
    })();

    for (let i = 0; i < 5_000; i++) {
      if (i % 2 === 0) flooder.emit('join_conversation', randomUUID());
      else flooder.emit('send_message', { _id: randomUUID(), content: 'flood' });
    }

    const reason = await Promise.race([
      ended,
      new Promise<string>((resolve) => setTimeout(() => resolve('still connected'), 20_000)),
    ]);
    flooding = false;
    await bobsCalls;

    expect(reason).toBe('io server disconnect');
    // Told why, once per refused event until the socket was ended.
    expect(errors.filter((e) => e.message === tooMany)).toHaveLength(
      socketEventLimits.refusalsBeforeDisconnect,
    );
    // Only the socket's allowance reached a lookup; the refused events cost none.
    const looked = lookups.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
    for (const spy of lookups) spy.mockRestore();
    expect(looked).toBeLessThanOrEqual(socketEventLimits.perSocket);

    // Every call of Bob's answered, none kept waiting: generous bounds for a busy machine, as
    // the emitting client runs in this process too (the unlimited burst held calls for 3.5 s on
    // PostgreSQL and 7 s on PGlite on a busy 2-core machine).
    expect(during.every((call) => call.status === 200)).toBe(true);
    const quiet = Math.max(...baseline);
    const worst = Math.max(...during.map((call) => call.ms));
    expect(worst, `worst ${worst.toFixed(0)} ms, quiet ${quiet.toFixed(0)} ms`).toBeLessThan(
      Math.max(2_000, 10 * quiet),
    );
  }, 60_000);

  it('a person’s sockets share one allowance; another person is not limited by it', async () => {
    const [mallory, bob, carol] = await people(t.app, 3);
    const conversationId = await openConversation(t.app, bob, carol);
    const sockets = await Promise.all([connect(mallory), connect(mallory), connect(mallory)]);
    const perSocket = 25;
    expect(perSocket * sockets.length).toBeGreaterThan(socketEventLimits.perPerson);
    expect(perSocket).toBeLessThan(socketEventLimits.perSocket);

    const answers = await Promise.all(
      sockets.flatMap((socket) =>
        Array.from(
          { length: perSocket },
          () =>
            socket
              .timeout(10_000)
              .emitWithAck('leave_conversation', conversationId) as Promise<SocketAck>,
        ),
      ),
    );
    const refused = answers.filter((a) => !a.ok);
    expect(refused).toHaveLength(perSocket * sockets.length - socketEventLimits.perPerson);
    expect(refused.every((a) => !a.ok && a.message === tooMany)).toBe(true);
    // Under the number of refusals that ends a socket: all still connected.
    expect(sockets.every((socket) => socket.connected)).toBe(true);

    const bobSocket = await connect(bob);
    expect(await bobSocket.timeout(5_000).emitWithAck('join_conversation', conversationId)).toEqual(
      { ok: true },
    );
  }, 30_000);
});
