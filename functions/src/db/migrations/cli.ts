import { parseArgs } from 'node:util';
import { createDocumentClient } from '#db/client.ts';
import { normaliseInstants } from './normalise-instants.ts';
import { recordTeamPlayers } from './record-team-players.ts';

/**
 * `npm run migrate -- --table NAME [--region R] [--endpoint URL] [--page-size N]`: the migrations
 * of TABLE.md ("Instants", "References") on a deployed table, with the caller's AWS credentials. Idempotent;
 * `npm start` runs the same on the local table at every start.
 */
async function main() {
  const { values } = parseArgs({
    options: {
      table: { type: 'string' },
      region: { type: 'string', default: process.env.AWS_REGION ?? 'ap-northeast-1' },
      endpoint: { type: 'string' },
      'page-size': { type: 'string', default: '100' },
    },
  });
  const pageSize = Number(values['page-size']);
  if (!values.table || !Number.isInteger(pageSize) || pageSize < 1) {
    throw new Error('Usage: npm run migrate -- --table NAME [--region R] [--endpoint URL] [--page-size N]');
  }
  const doc = createDocumentClient({ region: values.region, endpoint: values.endpoint });
  try {
    await normaliseInstants({ doc, tableName: values.table }, { pageSize, log: console });
    await recordTeamPlayers({ doc, tableName: values.table }, { pageSize, log: console });
  } finally {
    doc.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(`migrate failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
