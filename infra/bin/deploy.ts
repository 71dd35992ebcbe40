import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { repoRoot } from '../lib/bundling.ts';

/**
 * `npm run deploy -- --config PATH [cdk deploy options]`: builds everything (apps, bundle
 * report), then deploys both stacks of the stage (docs/DEPLOY.md). Stops at the first failure.
 */
const args = process.argv.slice(2);
const at = args.indexOf('--config');
const file = at >= 0 ? args[at + 1] : undefined;
if (!file) {
  console.error('Usage: npm run deploy -- --config PATH [cdk deploy options]   (see docs/DEPLOY.md)');
  process.exit(2);
}
const passThrough = args.filter((_, i) => i !== at && i !== at + 1);
const run = (command: string, commandArgs: string[]) => {
  console.log(`\n> ${command} ${commandArgs.join(' ')}`);
  const { status } = spawnSync(command, commandArgs, { cwd: repoRoot, stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
};
run('npm', ['run', 'build']);
run('npx', ['cdk', 'deploy', '--all', '-c', `configFile=${resolve(file)}`, ...passThrough]);
