import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { ensureTable } from '@shuttle/functions/db/bootstrap.ts';
import { createDocumentClient, type Store } from '@shuttle/functions/db/client.ts';
import { seedDemoData } from '@shuttle/functions/local/seed.ts';
import { type LocalStack, startLocalStack } from '@shuttle/functions/local/server.ts';
import { type Clock, parseShuttleNow } from '@shuttle/functions/platform/clock.ts';
import type { TestProject } from 'vitest/node';
import { E2E_STACKS } from './e2e-stacks.ts';
import { useDynamo } from './shared-dynamo.ts';
import { copyTable } from './tables.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * The journeys' stacks, answered over HTTP once they are up (tests/e2e/browser.ts):
     * `POST /lease?pid=<n>` gives journey process n a stack of its own (its index) with each stack's
     * address and its clock minus the system's, `POST /release?pid=<n>` gives it back;
     * `POST /clock?stack=<i>&ms=<n>` moves stack i's clock on by n ms.
     */
    e2eStacks: string;
  }
}

const root = resolve(import.meta.dirname, '../..');

/**
 * A local stack's clock: the system's, or from `SHUTTLE_NOW` on (docs/TESTING.md, "The clock"),
 * running in real time; a journey moves it on instead of waiting (`advanceStackClock`).
 */
class MovableClock implements Clock {
  offsetMs: number;
  constructor(start: Date | undefined) {
    this.offsetMs = start ? start.getTime() - Date.now() : 0;
  }
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
}

/** The apps' build of this run, kept on `globalThis`: each project's set-up loads this module on its own. */
const APPS = Symbol.for('shuttle.tests.apps');

/**
 * Both apps built when stale (build-apps.ts), once per run however many journey projects there are
 * (`npm run test:clock` has one per instant), in a process of its own so the run goes on meanwhile.
 */
function buildApps(): Promise<void> {
  const global = globalThis as { [APPS]?: Promise<void> };
  global[APPS] ??= buildInChild();
  return global[APPS];
}

function buildInChild(): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', resolve(root, 'tests/support/build-apps.ts')], {
      cwd: root,
      stdio: 'inherit',
    });
    child.on('error', fail);
    child.on('close', (code) => (code === 0 ? done() : fail(new Error(`Building the apps failed (exit ${code})`))));
  });
}

/**
 * The whole local product (seeded once and copied, on the run's DynamoDB Local, shared-dynamo.ts) once per e2e
 * worker, for the browser journeys; `SHUTTLE_NOW` moves its clock, and the journeys' pages follow
 * it (docs/TESTING.md). The apps are built and the stacks started in the background: the other
 * projects' files run meanwhile, and the journeys, which run last, ask for the stacks when they
 * start (`e2eStacks`).
 */
export default async function setup(project: TestProject) {
  // The project's own instant (test:clock's projects, tests/clock/instants.ts), else the run's.
  const start = parseShuttleNow(project.config.env?.SHUTTLE_NOW ?? process.env.SHUTTLE_NOW);
  const clocks = Array.from({ length: E2E_STACKS }, () => new MovableClock(start));
  const dynamo = useDynamo();
  // Tables of their own per journey project: test:clock runs two (one per instant) on one DynamoDB Local.
  const tablePrefix = `shuttle-${project.name.replace(/[^A-Za-z0-9]+/g, '-').replace(/-+$/, '')}`;
  const ready: Promise<LocalStack[]> = Promise.all([buildApps(), dynamo]).then(async ([, { endpoint }]) => {
    // The demo data seeded once, into a table no stack serves (so nothing moves while it is
    // copied), and copied to each stack's table: as `npm start` seeds it, for a sixth of the CPU.
    const template: Store = {
      doc: createDocumentClient({ region: 'local', endpoint }),
      tableName: `${tablePrefix}-seed`,
    };
    await ensureTable(template.doc, template.tableName);
    await seedDemoData(template, clocks[0]!.now());
    return Promise.all(
      clocks.map(async (clock, i) => {
        const tableName = `${tablePrefix}-${i + 1}`;
        await copyTable(template, tableName);
        return startLocalStack({ serveApps: true, quiet: true, clock, dynamoEndpoint: endpoint, tableName });
      }),
    );
  });
  // A failure reaches the journeys through `POST /lease`, and the run's end through the teardown.
  ready.catch(() => undefined);
  /** Which journey process holds each stack: one at a time, until it gives it back or exits (`lease`). */
  const holders: (number | null)[] = clocks.map(() => null);
  const alive = (pid: number | null) => {
    if (pid === null) return false;
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  /**
   * A stack for journey process `pid`: the one it holds, else one no running process holds. Vitest
   * runs at most `E2E_STACKS` journey files at once, each worker a process running one file at a
   * time (tests/e2e/setup.ts leases before each file and gives back after it), so one is free;
   * none free means two files would share a stack at once, which this refuses (-1).
   */
  const lease = (pid: number): number => {
    const held = holders.indexOf(pid);
    if (held >= 0) return held;
    const free = holders.findIndex((holder) => !alive(holder));
    if (free >= 0) holders[free] = pid;
    return free;
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stacks');
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'POST' && url.pathname === '/lease') {
      const pid = Number(url.searchParams.get('pid'));
      if (!Number.isInteger(pid) || pid <= 0) return answer(400, { error: 'pid expected' });
      ready.then(
        (stacks) => {
          const stack = lease(pid);
          if (stack < 0)
            return answer(409, { error: `every stack is held by a running journey: ${holders.join(', ')}` });
          answer(200, {
            stack,
            baseUrls: stacks.map((s) => s.origin),
            clockOffsetsMs: clocks.map((c) => c.offsetMs),
          });
        },
        (error: unknown) => answer(500, { error: String((error as Error).stack ?? error) }),
      );
    } else if (req.method === 'POST' && url.pathname === '/release') {
      const held = holders.indexOf(Number(url.searchParams.get('pid')));
      if (held >= 0) holders[held] = null;
      answer(200, { released: held });
    } else if (req.method === 'POST' && url.pathname === '/clock') {
      const clock = clocks[Number(url.searchParams.get('stack'))];
      const ms = Number(url.searchParams.get('ms'));
      if (!clock || !Number.isFinite(ms) || ms < 0) return answer(400, { error: 'stack and ms >= 0 expected' });
      clock.offsetMs += ms;
      answer(200, { offsetMs: clock.offsetMs });
    } else answer(404, { error: 'not found' });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  project.provide('e2eStacks', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  return async () => {
    server.close();
    const stacks = await ready.catch(() => [] as LocalStack[]);
    await Promise.all(stacks.map((stack) => stack.close()));
    await (await dynamo).release();
  };
}
