import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  DescribeTableCommand,
  DynamoDBClient,
  UpdateContinuousBackupsCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { parseStageConfig, readStageFile } from '../lib/config.ts';
import { restoreSteps, withRestoredTable } from '../lib/ops/restore.ts';

/**
 * `node --import tsx infra/bin/restore.ts --config PATH --table NAME [--dry-run]`: readies a
 * table restored from a backup or point in time for the stage (stream, deletion protection,
 * TTL, PITR), then writes `tableName` and `tableStreamArn` into the stage file; the next
 * `npm run deploy` moves every function, grant, stream mapping and alarm onto it
 * (docs/DEPLOY.md, "Restore"). `--dry-run` prints the calls and changes nothing.
 */
const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const file = option('--config');
const tableName = option('--table');
const dryRun = args.includes('--dry-run');
if (!file || !tableName) {
  console.error('Usage: node --import tsx infra/bin/restore.ts --config PATH --table NAME [--dry-run]');
  process.exit(2);
}

const stage = readStageFile(file);
const steps = restoreSteps(tableName);
console.log(`Readying ${tableName} in ${stage.region} for stage ${stage.stageName}${dryRun ? ' (dry run)' : ''}:`);
for (const step of steps) console.log(`- ${step.operation} ${JSON.stringify(step.input)}\n    ${step.why}`);

const client = new DynamoDBClient({ region: stage.region });
const describe = async () => (await client.send(new DescribeTableCommand({ TableName: tableName }))).Table;
const waitActive = async () => {
  for (let i = 0; i < 120; i++) {
    const table = await describe();
    if (table?.TableStatus === 'ACTIVE') return table;
    await new Promise((r) => setTimeout(r, 5000));
  }
  throw new Error(`${tableName} is not ACTIVE after 10 minutes`);
};

if (dryRun) {
  console.log(`- then: ${file} gets "tableName": "${tableName}" and "tableStreamArn" (the new stream's ARN)`);
  process.exit(0);
}

const current = await waitActive();
for (const step of steps) {
  if (step.operation === 'UpdateTable' && 'StreamSpecification' in step.input && current?.StreamSpecification) {
    if (current.StreamSpecification.StreamViewType === 'NEW_AND_OLD_IMAGES') continue;
  }
  if (step.operation === 'UpdateTable') await client.send(new UpdateTableCommand(step.input as never));
  if (step.operation === 'UpdateTimeToLive') await client.send(new UpdateTimeToLiveCommand(step.input as never));
  if (step.operation === 'UpdateContinuousBackups') {
    await client.send(new UpdateContinuousBackupsCommand(step.input as never));
  }
  await waitActive();
}
const streamArn = (await waitActive()).LatestStreamArn;
if (!streamArn) throw new Error(`${tableName} has no stream after UpdateTable`);
const path = resolve(file);
const next = withRestoredTable(JSON.parse(readFileSync(path, 'utf8')), tableName, streamArn);
parseStageConfig(next, `stage file ${file}`);
writeFileSync(path, `${JSON.stringify(next, null, 2)}\n`);
console.log(`\n${file}: tableName ${tableName}, tableStreamArn ${streamArn}.`);
console.log(`Next: npm run deploy -- --config ${file}`);
