/**
 * `npm run bench:browse [-- --json FILE]`: what one browse page reads and how long it takes
 * as the country grows. Seeds 1,000, then 10,000, then 100,000 sessions (21 regions, 60 days,
 * many teams) into one DynamoDB Local, and asks the member API over HTTP for the default
 * view's first and third page, one region's and one date's first page and a team's first page.
 * Items read are counted at the DynamoDB client. Goal: at most 100 items a page at every size,
 * and the 100,000-session p50 within 2x of the 1,000-session one (db/TABLE.md).
 */

import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { rateLimitSettings } from '@shuttle/functions/app/limits.ts';
import { createMemberApi } from '@shuttle/functions/app/member-api.ts';
import { TokenService } from '@shuttle/functions/auth/tokens.ts';
import { ensureTable } from '@shuttle/functions/db/bootstrap.ts';
import { createDocumentClient, type Store } from '@shuttle/functions/db/client.ts';
import { startDynamoLocal } from '@shuttle/functions/local/dynamo-local.ts';
import { listenFirst } from '@shuttle/functions/local/listen.ts';
import { FixedClock, randomId } from '@shuttle/functions/platform/clock.ts';
import { CaptureEmailSender } from '@shuttle/functions/platform/email.ts';
import { nationalSessions, teamIdOf, writeAll } from '../support/national.ts';
import { countReads, type ReadTotals } from '../support/read-counter.ts';

process.env.SHUTTLE_RATE_LIMITS ??= 'off';

const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').map(Number);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40);
const TEAMS = Number(process.env.BENCH_TEAMS ?? 400);
const WRITERS = Number(process.env.BENCH_WRITERS ?? 8);
/** A Tuesday, 20:00 in Taipei: the evening peak, when the most sessions are under way. */
const NOW = new Date('2026-12-01T12:00:00.000Z');

interface Measure {
  itemsRead: number;
  queries: number;
  itemsShown: number;
  p50Ms: number;
  p90Ms: number;
}

const jsonPath = (() => {
  const i = process.argv.indexOf('--json');
  return i >= 0 ? process.argv[i + 1] : undefined;
})();

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function main() {
  const started = performance.now();
  const dynamo = await startDynamoLocal();
  const doc = createDocumentClient({ region: 'local', endpoint: dynamo.endpoint });
  const store: Store = { doc, tableName: 'bench_browse' };
  await ensureTable(doc, store.tableName);
  const reads = countReads(doc);
  const secret = randomId() + randomId();
  const refuse = async () => {
    throw new Error('no logins in the bench');
  };
  const app = createMemberApi({
    store,
    clock: new FixedClock(NOW),
    ids: randomId,
    tokens: new TokenService({ secret, memberTtlSeconds: 3600, adminTtlSeconds: 3600 }),
    verifyLineIdToken: refuse,
    verifyGoogleIdToken: refuse,
    mailer: new CaptureEmailSender(),
    pepper: secret,
    validateResponses: false,
    rateLimits: rateLimitSettings(process.env.SHUTTLE_RATE_LIMITS),
  });
  const { server, port } = await listenFirst('127.0.0.1', { fetch: app.fetch });
  const url = `http://127.0.0.1:${port}/api/withoutAuth/getSessionList`;

  const ask = async (body: Record<string, unknown>) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`browse answered ${res.status}: ${text}`);
    return (JSON.parse(text) as { data: { items: unknown[]; nextCursor: string | null } }).data;
  };

  /** The cursor of page `n` of a view (page 1: none). */
  const cursorOf = async (filters: Record<string, unknown>, n: number) => {
    let cursor: string | null = null;
    for (let page = 1; page < n; page++) cursor = (await ask({ ...filters, cursor })).nextCursor;
    return cursor;
  };

  const measure = async (filters: Record<string, unknown>, page = 1): Promise<Measure> => {
    const body = { ...filters, cursor: await cursorOf(filters, page) };
    for (let i = 0; i < 5; i++) await ask(body);
    const times: number[] = [];
    let worst: ReadTotals = { items: 0, queries: 0, calls: 0 };
    let shown = 0;
    for (let i = 0; i < SAMPLES; i++) {
      const t = performance.now();
      const { result, read } = await reads.during(() => ask(body));
      times.push(performance.now() - t);
      shown = result.items.length;
      if (read.items > worst.items) worst = read;
    }
    times.sort((a, b) => a - b);
    return {
      itemsRead: worst.items,
      queries: worst.queries,
      itemsShown: shown,
      p50Ms: Number(percentile(times, 50).toFixed(2)),
      p90Ms: Number(percentile(times, 90).toFixed(2)),
    };
  };

  const views: [string, Record<string, unknown>, number][] = [
    ['firstPage', {}, 1],
    ['oneRegion', { regions: ['台中市'] }, 1],
    ['thirdPage', {}, 3],
    ['oneDate', { date: '2026-12-03' }, 1],
    ['teamView', { teamId: teamIdOf(7) }, 1],
  ];

  console.log(
    `\nBrowse benchmark: DynamoDB Local, member API over HTTP, ${SAMPLES} samples a view, now = ${NOW.toISOString()} (20:00 Taipei)\n`,
  );
  const sizes: Record<string, unknown>[] = [];
  let written = 0;
  for (const [i, size] of SIZES.entries()) {
    const t = performance.now();
    // One table grows from size to size: each step adds the difference, spread the same way.
    const items = nationalSessions({ sessions: size - written, days: 60, teams: TEAMS, now: NOW, seed: i + 1 });
    await writeAll(store, items, WRITERS);
    written = size;
    const seedSeconds = (performance.now() - t) / 1000;
    // Warm the JIT of both processes first, so the smallest size is not measured cold.
    if (i === 0) for (let n = 0; n < 60; n++) await ask(views[n % views.length]![1]);
    const row: Record<string, unknown> = { sessions: size, seedSeconds: Number(seedSeconds.toFixed(1)) };
    for (const [name, filters, page] of views) row[name] = await measure(filters, page);
    sizes.push(row);
    console.log(`seeded ${size.toLocaleString('en')} sessions in ${seedSeconds.toFixed(1)} s`);
  }

  const header = `${'sessions'.padStart(9)} ${'view'.padEnd(10)} ${'read'.padStart(5)} ${'queries'.padStart(7)} ${'shown'.padStart(5)} ${'p50 ms'.padStart(7)} ${'p90 ms'.padStart(7)}`;
  console.log(`\n${header}\n${'-'.repeat(header.length)}`);
  for (const row of sizes) {
    for (const [name] of views) {
      const m = row[name] as Measure;
      console.log(
        `${String(row.sessions).padStart(9)} ${name.padEnd(10)} ${String(m.itemsRead).padStart(5)} ${String(m.queries).padStart(7)} ${String(m.itemsShown).padStart(5)} ${m.p50Ms.toFixed(1).padStart(7)} ${m.p90Ms.toFixed(1).padStart(7)}`,
      );
    }
  }
  const maxRead = Math.max(...sizes.flatMap((row) => views.map(([name]) => (row[name] as Measure).itemsRead)));
  const first = sizes[0]!;
  const last = sizes.at(-1)!;
  const ratios = views.map(([name]) => (last[name] as Measure).p50Ms / (first[name] as Measure).p50Ms);
  const wall = (performance.now() - started) / 1000;
  console.log(
    `\nmost items read by one page: ${maxRead} (goal <= 100); p50 at ${last.sessions} / p50 at ${first.sessions}: ` +
      `${ratios.map((r, i) => `${views[i]![0]} ${r.toFixed(2)}`).join(', ')} (goal <= 2); ` +
      `wall ${wall.toFixed(0)} s, load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`,
  );
  if (jsonPath) {
    writeFileSync(jsonPath, `${JSON.stringify({ sizes, wallSeconds: Number(wall.toFixed(1)) }, null, 2)}\n`);
    console.log(`wrote ${jsonPath}`);
  }

  server.close();
  doc.destroy();
  await dynamo.stop();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
