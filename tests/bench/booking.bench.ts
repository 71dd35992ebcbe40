/**
 * `npm run bench`: booking throughput through the member API next to the bare DynamoDB calls
 * the booking needs (the same read and transaction, issued directly), in one run against one
 * DynamoDB Local, plus p50/p99 latency. Goal: the API keeps at least 0.8 of the bare calls'
 * throughput (median ratio of paired rounds), so the layers above DynamoDB cost little.
 * Then the cost of the storage codecs' checks (docs/ARCHITECTURE.md, "Storage"): the items a
 * join reads (counted at the document client during the API rounds) times the time to decode
 * one (the rounds' session items as they ended, the largest a join saw), against a join's share
 * of the API's time (1 / throughput) and its p50 latency. Goal: under 5%.
 */

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join as joinPath, resolve } from 'node:path';
import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { createMemberApi } from '@shuttle/functions/app/member-api.ts';
import { TokenService } from '@shuttle/functions/auth/tokens.ts';
import { encodeEntry } from '@shuttle/functions/bookings/waitlist.ts';
import { ensureTable } from '@shuttle/functions/db/bootstrap.ts';
import { createDocumentClient, type Store } from '@shuttle/functions/db/client.ts';
import type { StoredItem } from '@shuttle/functions/db/codec.ts';
import { userCodec } from '@shuttle/functions/db/codecs/players.ts';
import { sessionCodec } from '@shuttle/functions/db/codecs/sessions.ts';
import { index, key } from '@shuttle/functions/db/keys.ts';
import { startDynamoLocal } from '@shuttle/functions/local/dynamo-local.ts';
import { listenFirst } from '@shuttle/functions/local/listen.ts';
import { randomId, systemClock } from '@shuttle/functions/platform/clock.ts';
import { CaptureEmailSender } from '@shuttle/functions/platform/email.ts';
import { newSessionItem } from '@shuttle/functions/sessions/factory.ts';

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 40);
const PER_SESSION = Number(process.env.BENCH_PER_SESSION ?? 30);
const CAPACITY = 20;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

interface Result {
  seconds: number;
  latencies: number[];
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function pool<T>(items: T[], width: number, run: (item: T) => Promise<void>): Promise<Result> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const item = items[next++]!;
        const t = performance.now();
        await run(item);
        latencies.push(performance.now() - t);
      }
    }),
  );
  return { seconds: (performance.now() - started) / 1000, latencies: latencies.sort((a, b) => a - b) };
}

async function createSessions(store: Store, label: string): Promise<string[]> {
  const now = new Date();
  const ids: string[] = [];
  for (let i = 0; i < SESSIONS; i++) {
    const id = `bench-${label}-${i}-${randomId().slice(0, 6)}`;
    const startsAt = new Date(now.getTime() + 3 * 86_400_000).toISOString();
    const item = newSessionItem(
      {
        id,
        teamId: 'bench-team',
        teamName: 'Bench',
        title: 'Bench',
        venue: 'v',
        address: 'a',
        region: '台北市',
        categories: ['casual'],
        courts: 4,
        capacity: CAPACITY,
        price: 200,
        startsAt,
        endsAt: new Date(Date.parse(startsAt) + 7_200_000).toISOString(),
        signupOpensAt: new Date(now.getTime() - 86_400_000).toISOString(),
        isPublic: true,
        createdBy: 'bench',
      },
      now,
    );
    await store.doc.send(new PutCommand({ TableName: store.tableName, Item: item }));
    ids.push(id);
  }
  return ids;
}

/** Player-major order, so the bookings in flight spread over the sessions as real traffic does. */
const work = (sessionIds: string[]) =>
  Array.from({ length: PER_SESSION }, (_, p) =>
    sessionIds.map((sessionId) => ({ sessionId, userId: `line_Ubench${p}` })),
  ).flat();

/** The fields the bare path uses, taken from the raw item without the codec's checks (the baseline). */
interface BareSession {
  id: string;
  teamId: string;
  startsAt: string;
  remaining: number;
  waiting: number;
}

const bareFields = (item: StoredItem | undefined): BareSession => ({
  id: String(item?.id),
  teamId: String(item?.teamId),
  startsAt: String(item?.startsAt),
  remaining: Number(item?.remaining),
  waiting: Array.isArray(item?.waitlist) ? item.waitlist.length : 0,
});

/** The booking's own DynamoDB calls, issued directly: consistent read, then one transaction. */
async function bareBooking(store: Store, sessionId: string, userId: string): Promise<void> {
  const { Item } = await store.doc.send(
    new GetCommand({ TableName: store.tableName, Key: key.session(sessionId), ConsistentRead: true }),
  );
  const session = bareFields(Item);
  const seat = session.waiting === 0 && session.remaining >= 1;
  try {
    await bareTransaction(store, session, userId, seat);
  } catch {
    // The seat state moved between read and write: the other shape, as the engine does.
    await bareTransaction(store, session, userId, !seat);
  }
}

async function bareTransaction(store: Store, session: BareSession, userId: string, seat: boolean): Promise<void> {
  const sessionId = session.id;
  const now = new Date().toISOString();
  await store.doc.send(
    new TransactWriteCommand({
      TransactItems: [
        seat
          ? {
              Update: {
                TableName: store.tableName,
                Key: key.session(sessionId),
                UpdateExpression:
                  'SET remaining = remaining - :one, acceptedCount = acceptedCount + :one, updatedAt = :now',
                ConditionExpression: 'remaining >= :one AND size(waitlist) = :zero AND bookingClosed = :false',
                ExpressionAttributeValues: { ':one': 1, ':zero': 0, ':false': false, ':now': now },
              },
            }
          : {
              Update: {
                TableName: store.tableName,
                Key: key.session(sessionId),
                UpdateExpression:
                  'SET waitlist = list_append(waitlist, :entry), waitingCount = waitingCount + :one, updatedAt = :now',
                ConditionExpression: '(remaining < :one OR size(waitlist) > :zero) AND bookingClosed = :false',
                ExpressionAttributeValues: {
                  ':entry': [encodeEntry({ userId, partySize: 1 })],
                  ':one': 1,
                  ':zero': 0,
                  ':false': false,
                  ':now': now,
                },
              },
            },
        {
          Put: {
            TableName: store.tableName,
            Item: {
              ...key.booking(sessionId, userId),
              ...index.bookingsOfUser(userId, session.startsAt, sessionId),
              type: 'booking',
              sessionId,
              userId,
              teamId: session.teamId,
              userName: userId,
              pictureUrl: '',
              status: seat ? 'accepted' : 'waiting',
              partySize: 1,
              bookedAt: now,
              attendance: null,
              startsAt: session.startsAt,
            },
            ConditionExpression: 'attribute_not_exists(PK) OR #status = :cancelled',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':cancelled': 'cancelled' },
          },
        },
        {
          ConditionCheck: {
            TableName: store.tableName,
            Key: key.teamMember(session.teamId, userId),
            ConditionExpression: 'attribute_not_exists(PK) OR blocked = :false',
            ExpressionAttributeValues: { ':false': false },
          },
        },
      ],
    }),
  );
}

/** Mean microseconds to decode one of `items` through the session codec, over at least `minMs` of decoding. */
function decodeMicros(items: StoredItem[], minMs = 300): number {
  let decodes = 0;
  const started = performance.now();
  do {
    for (const item of items) sessionCodec.decode(item);
    decodes += items.length;
  } while (performance.now() - started < minMs);
  return ((performance.now() - started) * 1000) / decodes;
}

/**
 * The storage codecs' share of a join: the session items the rounds left (each as large as any
 * read of it during its round) and the hot session (the longest waitlist), decoded many times.
 */
async function codecCost(
  store: Store,
  measured: {
    readsPerJoin: number;
    joinShareMs: number;
    joinCpuMs: number;
    joinP50Ms: number;
    sessionIds: string[];
    hotSessionId: string;
  },
) {
  const read = async (id: string) =>
    (await store.doc.send(new GetCommand({ TableName: store.tableName, Key: key.session(id), ConsistentRead: true })))
      .Item ?? {};
  const ended = await Promise.all(measured.sessionIds.map(read));
  const hot = await read(measured.hotSessionId);
  for (let i = 0; i < 2_000; i++) sessionCodec.decode(ended[i % ended.length]!); // warm the JIT
  const typical = decodeMicros(ended);
  const longest = decodeMicros([hot]);
  const perJoin = typical * measured.readsPerJoin;
  const share = perJoin / (measured.joinShareMs * 1000);
  const ofCpu = perJoin / (measured.joinCpuMs * 1000);
  const ofLatency = perJoin / (measured.joinP50Ms * 1000);
  const percent = (x: number) => `${(x * 100).toPrecision(2)}%`;
  const worst = Math.max(share, ofCpu);
  const waiting = (item: StoredItem) => (Array.isArray(item.waitlist) ? item.waitlist.length : 0);
  console.log(
    `\nStorage codec checks: ${measured.readsPerJoin.toFixed(2)} items decoded per join, ` +
      `${typical.toFixed(1)} µs each (sessions as their rounds ended, ${waiting(ended[0]!)} waiting; ` +
      `${longest.toFixed(1)} µs for the hot session, ${waiting(hot)} waiting)\n` +
      `= ${perJoin.toFixed(1)} µs per join: ${percent(ofCpu)} of the CPU time a join costs this process ` +
      `(${measured.joinCpuMs.toFixed(2)} ms, API and HTTP client), ${percent(share)} of a join's share of the ` +
      `API's time (${measured.joinShareMs.toFixed(2)} ms = 1 / median throughput), ${percent(ofLatency)} of its ` +
      `p50 latency (${measured.joinP50Ms.toFixed(1)} ms); goal < 5% (${worst < 0.05 ? 'met' : 'MISSED'})`,
  );
}

function report(label: string, ops: number, r: Result) {
  const rps = ops / r.seconds;
  console.log(
    `${label.padEnd(26)} ${String(ops).padStart(5)} bookings  ${rps.toFixed(0).padStart(5)} /s   p50 ${percentile(r.latencies, 50).toFixed(1).padStart(6)} ms   p99 ${percentile(r.latencies, 99).toFixed(1).padStart(6)} ms`,
  );
  return rps;
}

async function main() {
  const dynamo = await startDynamoLocal();
  const doc = createDocumentClient({ region: 'local', endpoint: dynamo.endpoint });
  const store: Store = { doc, tableName: 'bench' };
  await ensureTable(doc, store.tableName);
  // Whole items the reads return while an API round runs: each goes through its codec (a
  // projection, the member token's existence check, is not decoded and not counted).
  const reads = { counting: false, items: 0 };
  doc.middlewareStack.add(
    (next) => async (args) => {
      const out = await next(args);
      if (reads.counting && !(args.input as { ProjectionExpression?: string }).ProjectionExpression) {
        const output = out.output as { Item?: unknown; Items?: unknown[]; Responses?: Record<string, unknown[]> };
        reads.items +=
          (output.Item ? 1 : 0) +
          (output.Items?.length ?? 0) +
          Object.values(output.Responses ?? {}).reduce((n, list) => n + list.length, 0);
      }
      return out;
    },
    { step: 'initialize', name: 'countDecodedReads' },
  );
  const secret = randomId() + randomId();
  const tokens = new TokenService({ secret, memberTtlSeconds: 3600, adminTtlSeconds: 3600 });
  const refuse = async () => {
    throw new Error('no logins in the bench');
  };
  const app = createMemberApi({
    store,
    clock: systemClock,
    ids: randomId,
    tokens,
    verifyLineIdToken: refuse,
    verifyGoogleIdToken: refuse,
    mailer: new CaptureEmailSender(),
    pepper: secret,
    validateResponses: false,
  });
  const { server, port } = await listenFirst('127.0.0.1', { fetch: app.fetch });
  const base = `http://127.0.0.1:${port}/api/checkState/sessionList/joinSession`;
  const bearer = new Map<string, string>();
  // A member token works while its player's record exists (docs/PRIVACY.md): each bench player has one.
  const player = async (userId: string, name: string) => {
    const now = new Date().toISOString();
    const user = userCodec.encode({
      type: 'user',
      userId,
      provider: 'line',
      providerSub: userId.slice('line_'.length),
      name,
      pictureUrl: '',
      email: null,
      emailVerified: false,
      language: null,
      isAdmin: false,
      isTeamLeader: false,
      createdAt: now,
      lastLoginAt: now,
    });
    await store.doc.send(new PutCommand({ TableName: store.tableName, Item: user }));
    bearer.set(userId, `Bearer ${(await tokens.issueMember({ userId, name, pictureUrl: '' })).token}`);
  };
  for (let p = 0; p < PER_SESSION; p++) await player(`line_Ubench${p}`, `P${p}`);

  const apiSessions: string[] = [];
  let apiJoins = 0;
  /** CPU time of this process (the API and the HTTP client that calls it) during the API rounds. */
  let apiCpuMicros = 0;
  const viaApi = async (label: string) => {
    const sessionIds = await createSessions(store, label);
    apiSessions.push(...sessionIds);
    const jobs = work(sessionIds);
    reads.counting = true;
    const cpuBefore = process.cpuUsage();
    const result = await pool(jobs, CONCURRENCY, async ({ sessionId, userId }) => {
      const res = await fetch(base, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: bearer.get(userId)! },
        body: JSON.stringify({ sessionId }),
      });
      if (res.status !== 200) throw new Error(`join answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
    });
    reads.counting = false;
    const cpu = process.cpuUsage(cpuBefore);
    apiCpuMicros += cpu.user + cpu.system;
    apiJoins += jobs.length;
    return { ops: jobs.length, result };
  };
  const bare = async (label: string) => {
    const jobs = work(await createSessions(store, label));
    return {
      ops: jobs.length,
      result: await pool(jobs, CONCURRENCY, ({ sessionId, userId }) => bareBooking(store, sessionId, userId)),
    };
  };

  console.log(
    `\nBooking benchmark: ${SESSIONS} sessions x ${PER_SESSION} players (capacity ${CAPACITY}, the rest waitlisted), ${CONCURRENCY} in flight, DynamoDB Local\n`,
  );
  await viaApi('warm');
  await bare('warm');
  const apiRates: number[] = [];
  const apiP50s: number[] = [];
  const bareRates: number[] = [];
  const ratios: number[] = [];
  // Alternate which side goes first so drift on a shared machine does not favour either.
  for (let round = 1; round <= ROUNDS; round++) {
    const apiFirst = round % 2 === 1;
    const first = apiFirst ? await viaApi(`api${round}`) : await bare(`bare${round}`);
    const second = apiFirst ? await bare(`bare${round}`) : await viaApi(`api${round}`);
    const a = apiFirst ? first : second;
    const b = apiFirst ? second : first;
    const apiRate = report(`round ${round} member API`, a.ops, a.result);
    const bareRate = report(`round ${round} bare DynamoDB`, b.ops, b.result);
    apiRates.push(apiRate);
    apiP50s.push(percentile(a.result.latencies, 50));
    bareRates.push(bareRate);
    ratios.push(apiRate / bareRate);
  }
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  console.log(
    `\nmedian member API ${median(apiRates).toFixed(0)} /s, bare DynamoDB ${median(bareRates).toFixed(0)} /s, ` +
      `median ratio of paired rounds ${median(ratios).toFixed(2)} (goal >= 0.80; load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores)`,
  );

  // One hot session: every request fights for the same item.
  const [hot] = await createSessions(store, 'hot');
  const hotPlayers = Array.from({ length: 300 }, (_, p) => `line_Uhot${p}`);
  for (const userId of hotPlayers) await player(userId, userId);
  const hotResult = await pool(hotPlayers, 300, async (userId) => {
    const res = await fetch(base, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: bearer.get(userId)! },
      body: JSON.stringify({ sessionId: hot }),
    });
    if (res.status !== 200) throw new Error(`hot join answered ${res.status}`);
    await res.arrayBuffer();
  });
  report('hot session, 300 at once', 300, hotResult);

  await codecCost(store, {
    readsPerJoin: reads.items / apiJoins,
    joinCpuMs: apiCpuMicros / apiJoins / 1000,
    joinShareMs: 1000 / median(apiRates),
    joinP50Ms: median(apiP50s),
    sessionIds: apiSessions,
    hotSessionId: hot!,
  });

  server.close();
  doc.destroy();
  await dynamo.stop();

  const root = resolve(import.meta.dirname, '../..');
  const sizeScript = joinPath(root, 'liff-app/scripts/bundle-size.ts');
  if (existsSync(sizeScript)) {
    console.log('\nMember app initial-route JavaScript:');
    if (!existsSync(joinPath(root, 'liff-app/dist/index.html')))
      spawnSync('npm', ['run', 'build', '-w', 'liff-app'], { cwd: root, stdio: 'ignore' });
    spawnSync('node', ['--import', 'tsx', sizeScript], { cwd: root, stdio: 'inherit' });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
