import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { repoRoot } from '../lib/bundling.ts';
import { ALLOW_PLACEHOLDERS_KEY, readStageFile } from '../lib/config.ts';

/**
 * `npm run deploy -- --config PATH [--dry-run] [cdk deploy options]`: checks the stage file,
 * builds everything (apps, bundle report), then deploys both stacks of the stage
 * (docs/DEPLOY.md). Stops at the first failure. `--dry-run` checks the stage file and prints the
 * commands without running them (infra/test/runbook.test.ts runs it).
 */
const args = process.argv.slice(2);
const at = args.indexOf('--config');
const file = at >= 0 ? args[at + 1] : undefined;
if (!file) {
  console.error('Usage: npm run deploy -- --config PATH [--dry-run] [cdk deploy options]   (see docs/DEPLOY.md)');
  process.exit(2);
}
const dryRun = args.includes('--dry-run');
const passThrough = args.filter((a, i) => i !== at && i !== at + 1 && a !== '--dry-run');
if (passThrough.some((a) => a.includes(ALLOW_PLACEHOLDERS_KEY))) {
  console.error(`${ALLOW_PLACEHOLDERS_KEY} is for offline synths of the example stage; a deploy needs real values.`);
  process.exit(2);
}
let stage: ReturnType<typeof readStageFile>;
try {
  stage = readStageFile(file);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
console.log(
  `Stage ${stage.stageName}: Shuttle-${stage.stageName} in ${stage.region}, ShuttleEdge-${stage.stageName} in us-east-1` +
    (stage.account ? `, account ${stage.account}` : ', the account of the current AWS credentials'),
);
const run = (command: string, commandArgs: string[]) => {
  console.log(`\n> ${command} ${commandArgs.join(' ')}`);
  if (dryRun) return;
  const { status } = spawnSync(command, commandArgs, { cwd: repoRoot, stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
};
run('npm', ['run', 'build']);
run('npx', ['cdk', 'deploy', '--all', '-c', `configFile=${resolve(file)}`, ...passThrough]);
