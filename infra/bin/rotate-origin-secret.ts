import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { GetSecretValueCommand, PutSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { repoRoot } from '../lib/bundling.ts';
import { readStageFile } from '../lib/config.ts';
import { ORIGIN_SECRET_VERSION_KEY, originSecretName } from '../lib/constructs/api.ts';
import {
  currentOriginValue,
  newOriginValue,
  overlapping,
  ROTATION_CACHE_WAIT_SECONDS,
  settled,
} from '../lib/ops/rotation.ts';

/**
 * `node --import tsx infra/bin/rotate-origin-secret.ts --config PATH [--dry-run]`: rotates the
 * CloudFront origin secret without a moment of 403s (infra/lib/ops/rotation.ts, docs/DEPLOY.md
 * "Rotating the origin secret"). Takes about 20 minutes (two deploys); `--dry-run` prints the steps and calls nothing.
 */
const args = process.argv.slice(2);
const at = args.indexOf('--config');
const file = at >= 0 ? args[at + 1] : undefined;
const dryRun = args.includes('--dry-run');
if (!file) {
  console.error('Usage: node --import tsx infra/bin/rotate-origin-secret.ts --config PATH [--dry-run]');
  process.exit(2);
}
const stage = readStageFile(file);
const secretId = originSecretName(stage.stageName);
const unpinnedArgs = ['run', 'deploy', '--', '--config', resolve(file)];
const deployArgs = [...unpinnedArgs, '-c', `${ORIGIN_SECRET_VERSION_KEY}=<version>`];
const plan = [
  `1. ${secretId} := {"current": <new>, "previous": <old>}   (the functions accept both; the WAF still lets <old> only)`,
  `2. wait ${ROTATION_CACHE_WAIT_SECONDS} s   (every function's secret cache has the new value)`,
  `3. npm ${deployArgs.join(' ')}   (the WAF lets both through, then CloudFront sends <new>)`,
  `4. ${secretId} := {"current": <new>}   (the functions refuse <old> within five minutes)`,
  `5. npm ${unpinnedArgs.join(' ')}   (the WAF lets <new> only)`,
];
console.log(`Rotating ${secretId} in ${stage.region}${dryRun ? ' (dry run)' : ''}:\n  ${plan.join('\n  ')}`);
if (dryRun) process.exit(0);

const client = new SecretsManagerClient({ region: stage.region });
const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: secretId }));
const old = currentOriginValue(SecretString ?? '');
const next = newOriginValue();
const { VersionId } = await client.send(
  new PutSecretValueCommand({ SecretId: secretId, SecretString: overlapping(next, old) }),
);
console.log(`\n1. done (version ${VersionId}); waiting ${ROTATION_CACHE_WAIT_SECONDS} s`);
await new Promise((r) => setTimeout(r, ROTATION_CACHE_WAIT_SECONDS * 1000));
const deploy = deployArgs.map((a) => a.replace('<version>', VersionId!));
console.log(`3. npm ${deploy.join(' ')}`);
const npm = (deployArgs: string[]) =>
  spawnSync('npm', [...deployArgs, '--require-approval', 'never'], { cwd: repoRoot, stdio: 'inherit' }).status;
const status = npm(deploy);
if (status !== 0) {
  console.error(
    'The deploy failed: the secret still holds both values, so the APIs accept both. Fix and rerun step 3.',
  );
  process.exit(status ?? 1);
}
await client.send(new PutSecretValueCommand({ SecretId: secretId, SecretString: settled(next) }));
console.log('4. done: the functions refuse the old value within five minutes.');
// The WAF resolves the secret at deploy time: until this deploy it still lets the pinned
// version's `previous` (the old value) through, which the functions then refuse.
console.log(`5. npm ${unpinnedArgs.join(' ')}`);
const final = npm(unpinnedArgs);
if (final !== 0) {
  console.error(
    'The last deploy failed: the WAF still lets the old value through (the functions refuse it). Rerun step 5.',
  );
  process.exit(final ?? 1);
}
console.log('5. done: only the new value passes the WAF.');
