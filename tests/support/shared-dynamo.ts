import { type DynamoLocal, startDynamoLocal } from '@shuttle/functions/local/dynamo-local.ts';

/** The run's DynamoDB Local, kept on `globalThis`: each project's set-up loads this module on its own. */
const KEY = Symbol.for('shuttle.tests.dynamo');
interface Shared {
  started: Promise<DynamoLocal>;
  users: number;
}

/**
 * DynamoDB Local's JVM in the tests: the first JIT tier alone (C1). A run is minutes long, and the
 * optimising tier's compilations cost DynamoDB Local more CPU than its faster code gives back:
 * four API files took 66 and 72 s of Java CPU against 89 and 78 s, a demo seed 2.1-2.8 s after
 * the first against 2.5-3.7 s (docs/TESTING.md, "Suite time"). `npm start` and the benchmarks
 * keep the JVM's default.
 */
const JVM_OPTIONS = ['-XX:TieredStopAtLevel=1'];

/**
 * One in-memory DynamoDB Local per run, in vitest's main process, for every project's set-up
 * (the API tests' tables, global-dynamo.ts; the journeys' local stacks, global-stack.ts): started
 * by the first, stopped when the last releases it. One Java process instead of one per stack.
 */
export async function useDynamo(): Promise<{ endpoint: string; release: () => Promise<void> }> {
  const global = globalThis as { [KEY]?: Shared };
  global[KEY] ??= { started: startDynamoLocal({ jvmOptions: JVM_OPTIONS }), users: 0 };
  const shared = global[KEY];
  shared.users += 1;
  const dynamo = await shared.started;
  let released = false;
  return {
    endpoint: dynamo.endpoint,
    release: async () => {
      if (released) return;
      released = true;
      shared.users -= 1;
      if (shared.users > 0) return;
      delete global[KEY];
      await dynamo.stop();
    },
  };
}
