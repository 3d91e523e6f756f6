/**
 * Fuzzing from the contract (issue 20, item 2). Every endpoint of the contract, and every
 * event of the chat socket, gets inputs made by fast-check from its own zod schemas: valid ones
 * and ones broken a field at a time (`test/contract-fuzz.ts`), sent by a visitor, the owner of
 * the things they name, another person or a forged session, over real HTTP and a real socket
 * to a started server. What must hold for every one: no answer of 500 (no "Something went wrong" on the
 * socket), a refusal in the error envelope, and nothing written on a refusal (every table's rows
 * the same before and after a 4xx).
 *
 * The seed is fixed (FUZZ_SEED, 20 by default), so a run is repeatable; FUZZ_RUNS inputs per
 * endpoint (12 here, bounded for `npm test`) and FUZZ_SOCKET_RUNS per socket event (15).
 * `bench/fuzz/fuzz.mjs` runs it longer on a quiet machine.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  clientSocketEvents,
  endpoints,
  ErrorEnvelope,
  type Endpoint,
  type EndpointName,
} from '@kinora/contract';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk } from '../test/api-client';
import {
  inputsOf,
  jsonSchemaOf,
  nastyValue,
  requestOf,
  validValue,
  type FuzzInput,
  type FuzzPools,
} from '../test/contract-fuzz';
import { pngImage, registerUser, type RegisteredUser } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { createVideo, togglePublish } from '../test/media-factories';
import { openConversation, sendMessageRequest } from '../test/messaging-factories';
import { users } from './platform/db/schema';
import type { SocketAck } from './platform/realtime/realtime';

const seed = Number(process.env.FUZZ_SEED ?? 20);
const runsPerEndpoint = Number(process.env.FUZZ_RUNS ?? 12);
const runsPerSocketEvent = Number(process.env.FUZZ_SOCKET_RUNS ?? 15);

/** A visitor, the owner of the pools' first things, another person, or a forged session. */
type Caller = 'visitor' | 'owner' | 'other' | 'forged';
const callers: readonly Caller[] = ['visitor', 'owner', 'other', 'forged'];
const forgedCredentials = [
  { authorization: 'Bearer not.a.token' },
  { authorization: 'Bearer ' + 'a'.repeat(4000) },
  { authorization: 'Basic Zm9vOmJhcg==' },
  { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.' },
  { cookie: 'accessToken=%00%ff; refreshToken=' + 'x'.repeat(300) },
  { cookie: 'accessToken=eyJhbGciOiJub25lIn0.e30.' },
];

let t: TestApp;
let origin: string;
let image: Buffer;
const people: Record<Exclude<Caller, 'visitor'>, RegisteredUser> = {} as never;
const pools: FuzzPools = { ids: [], cursors: [], usernames: [] };
let tables: string[] = [];
let stateQuery = '';
/** How many answers of each status the run saw (printed, to show the inputs get past the checks). */
const statuses = new Map<number, number>();
let forgedCount = 0;

/**
 * Every table of the app now: its row count and a digest of its rows (the test's database
 * holds a few dozen rows, so reading them all is cheap), so that an update shows as well as
 * an insert or a delete.
 */
async function tableStates(): Promise<Record<string, string>> {
  const result = (await t.database.db.execute(sql.raw(stateQuery))) as unknown as {
    rows: { name: string; state: string }[];
  };
  return Object.fromEntries(result.rows.map((row) => [row.name, row.state]));
}

function changedTables(before: Record<string, string>, after: Record<string, string>) {
  const rows = (state: string | undefined) => state?.split(':')[0];
  return tables
    .filter((table) => before[table] !== after[table])
    .map((table) =>
      rows(before[table]) === rows(after[table])
        ? `${table} rows changed`
        : `${table} ${rows(before[table])} -> ${rows(after[table])} rows`,
    );
}

/** The input, short enough for a failure message. */
const shown = (value: unknown) => {
  const text = JSON.stringify(value, (_, v: unknown) =>
    typeof v === 'string' && v.length > 60 ? `${v.slice(0, 40)}…(${v.length} chars)` : v,
  );
  return text.length > 400 ? `${text.slice(0, 400)}…` : text;
};

/** Signs a person in again when a fuzzed call ended their session (logout, password change). */
async function keepSignedIn(person: RegisteredUser): Promise<void> {
  const res = await fetch(`${origin}/api/v1/users/current-user`, {
    headers: { authorization: `Bearer ${person.accessToken}` },
  });
  if (res.status === 200) return;
  // A fuzzed "Edit profile" may have changed the address it signs in with.
  const [row] = await t.database.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, person.userId));
  const login = await expectOk(t.app, 'login', {
    body: { email: row!.email, password: person.password },
  });
  person.accessToken = login.accessToken;
}

/** Sends one input as one caller; answers what is wrong with the answer, or null. */
async function callOnce(
  name: EndpointName,
  endpoint: Endpoint,
  input: FuzzInput,
  as: Caller,
): Promise<string | null> {
  const request = requestOf(endpoint, input, image);
  const headers: Record<string, string> = { ...request.headers, origin };
  if (as === 'owner' || as === 'other') {
    headers.authorization = `Bearer ${people[as].accessToken}`;
  } else if (as === 'forged') {
    Object.assign(headers, forgedCredentials[forgedCount++ % forgedCredentials.length]);
  }
  // What listeners of an earlier call write after its commit (notifications) is not this call's.
  await t.services.events.settled();
  const before = await tableStates();
  let status: number;
  let text: string;
  try {
    const res = await fetch(origin + request.path, {
      method: request.method,
      headers,
      ...(request.body !== undefined ? { body: request.body } : {}),
      signal: AbortSignal.timeout(15_000),
    });
    status = res.status;
    text = await res.text();
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  } catch (error) {
    return `${name} as ${as}: no answer (${(error as Error).message}) to ${shown(input)}`;
  }
  const what = `${name} as ${as}: ${status} ${text.slice(0, 200)} to ${shown(input)}`;
  if (status >= 500) return what;
  if (status >= 400) {
    let envelope: boolean;
    try {
      envelope = ErrorEnvelope.safeParse(JSON.parse(text)).success;
    } catch {
      envelope = false;
    }
    if (!envelope) return `outside the error envelope: ${what}`;
    const changed = changedTables(before, await tableStates());
    if (changed.length > 0) return `wrote on a refusal (${changed.join(', ')}): ${what}`;
  }
  return null;
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  image = (await pngImage(32, 32)).data;
  const [owner, other, third] = await Promise.all([
    registerUser(t.app),
    registerUser(t.app),
    registerUser(t.app),
  ]);
  people.owner = owner;
  people.other = other;
  // The owner's things, and the other person's, named by real ids among the fuzzed ones.
  const [video, othersDraft] = await Promise.all([
    createVideo(t.app, owner),
    createVideo(t.app, other),
  ]);
  await togglePublish(t.app, other, othersDraft._id);
  const comment = await expectOk(t.app, 'addComment', {
    params: { videoId: video._id },
    as: other,
    body: { content: 'A comment to fuzz' },
  });
  const tweet = await expectOk(t.app, 'createTweet', {
    as: owner,
    body: { content: 'A tweet to fuzz' },
  });
  const playlist = await expectOk(t.app, 'createPlaylist', {
    as: owner,
    body: { name: 'Fuzzed', description: '', visibility: 'public' },
  });
  await expectOk(t.app, 'addPlaylistVideo', {
    params: { playlistId: playlist._id, videoId: video._id },
    as: owner,
  });
  const privatePlaylist = await expectOk(t.app, 'createPlaylist', {
    as: other,
    body: { name: 'Hidden', description: '', visibility: 'private' },
  });
  const watchLater = await expectOk(t.app, 'getWatchLater', { as: owner });
  const conversation = await openConversation(t.app, other, owner);
  const message = await expectOk(t.app, 'sendMessage', {
    params: { id: conversation },
    as: owner,
    body: { content: 'A message to fuzz' },
  });
  const request = await sendMessageRequest(t.app, third, owner);
  await expectOk(t.app, 'saveWatchPosition', {
    params: { videoId: video._id },
    as: owner,
    body: { positionSeconds: 3 },
  });
  pools.ids.push(
    owner.userId,
    other.userId,
    third.userId,
    video._id,
    othersDraft._id,
    comment._id,
    tweet._id,
    playlist._id,
    privatePlaylist._id,
    watchLater._id,
    conversation,
    message._id,
    request,
  );
  pools.usernames.push(owner.username, other.username);
  // A cursor as the server writes one (base64url of `<microseconds>.<uuid>`).
  pools.cursors.push(Buffer.from(`${Date.now() * 1000}.${randomUUID()}`).toString('base64url'));
  const result = (await t.database.db.execute(
    sql.raw(`select tablename as name from pg_tables where schemaname = current_schema()`),
  )) as unknown as { rows: { name: string }[] };
  tables = result.rows.map((row) => row.name).sort();
  stateQuery = tables
    .map(
      (table) =>
        `select '${table}' as name, count(*) || ':' || md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as state from "${table}" r`,
    )
    .join(' union all ');
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('fuzzing from the contract', () => {
  it('answers every endpoint without a 500, refusing in the envelope and writing nothing', async () => {
    const started = performance.now();
    const findings: string[] = [];
    const names = Object.keys(endpoints) as EndpointName[];
    for (const [index, name] of names.entries()) {
      const endpoint: Endpoint = endpoints[name];
      await keepSignedIn(people.owner);
      await keepSignedIn(people.other);
      // A visitor's call of a signed-in endpoint stops at 401: one in five is enough.
      const caller =
        endpoint.access === 'user'
          ? fc.constantFrom<Caller>('owner', 'other', 'owner', 'other', 'visitor', 'forged')
          : fc.constantFrom(...callers);
      const cases = fc.sample(fc.tuple(inputsOf(endpoint, pools), caller), {
        seed: seed + index,
        numRuns: runsPerEndpoint,
      });
      for (const [input, as] of cases) {
        const finding = await callOnce(name, endpoint, input, as);
        if (finding) findings.push(finding);
      }
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.warn(
      `contract fuzz: ${names.length} endpoints x ${runsPerEndpoint} inputs in ${seconds} s (seed ${seed});`,
      'statuses:',
      Object.fromEntries(statuses),
    );
    expect(findings, `\n${findings.join('\n')}`).toEqual([]);
  }, 600_000);

  it('answers every chat socket event without an internal error, writing nothing on a refusal', async () => {
    const started = performance.now();
    const findings: string[] = [];
    const connect = (person: RegisteredUser) =>
      new Promise<Socket>((resolve, reject) => {
        const socket = io(origin, {
          path: '/socket.io',
          transports: ['websocket'],
          reconnection: false,
          forceNew: true,
          auth: { token: person.accessToken },
        });
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', reject);
      });
    await keepSignedIn(people.owner);
    await keepSignedIn(people.other);
    // Three sockets of two people share the events, within each one's allowance (decision 0030).
    const sockets = [
      await connect(people.owner),
      await connect(people.owner),
      await connect(people.other),
    ];
    let sent = 0;
    const answers = { ok: 0, refused: 0 };
    try {
      for (const [index, event] of Object.keys(clientSocketEvents).entries()) {
        const schema = jsonSchemaOf(clientSocketEvents[event as keyof typeof clientSocketEvents]);
        const payloads = fc.sample(
          fc.oneof(validValue(schema ?? {}, pools), nastyValue(schema, pools)),
          { seed: seed + 1000 + index, numRuns: runsPerSocketEvent },
        );
        for (const payload of payloads) {
          // A longer run waits out the window of the event limits now and then.
          if (sent > 0 && sent % 45 === 0) await new Promise((r) => setTimeout(r, 10_500));
          const socket = sockets[sent % sockets.length]!;
          sent++;
          // What listeners of an earlier call write after its commit (notifications) is not this call's.
          await t.services.events.settled();
          const before = await tableStates();
          let ack: SocketAck;
          try {
            ack = (await socket.timeout(5_000).emitWithAck(event, payload)) as SocketAck;
          } catch {
            findings.push(`${event}: no answer to ${shown(payload)}`);
            continue;
          }
          answers[ack.ok ? 'ok' : 'refused']++;
          if (!ack.ok && ack.message === 'Something went wrong') {
            findings.push(`${event}: an internal error on ${shown(payload)}`);
          } else if (!ack.ok) {
            const changed = changedTables(before, await tableStates());
            if (changed.length > 0) {
              findings.push(
                `${event}: wrote on a refusal (${changed.join(', ')}) ${shown(payload)}`,
              );
            }
          }
        }
      }
    } finally {
      for (const socket of sockets) socket.disconnect();
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.warn(`socket fuzz: ${sent} events in ${seconds} s (seed ${seed});`, answers);
    expect(findings, `\n${findings.join('\n')}`).toEqual([]);
  }, 600_000);
});
