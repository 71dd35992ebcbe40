import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Store } from '#db/client.ts';
import { decodeReadable } from '#db/codec.ts';
import { type SignupJob, signupJobCodec } from '#db/codecs/jobs.ts';

/**
 * The sign-up job's markers (TABLE.md, "Fair sign-up"): one partition, `SIGNUPJOBS`, sorted by
 * when each is due. Puts are idempotent (a marker's key is its due time, kind and subject), so a
 * rerun writes the same items again.
 */

/**
 * Markers due by `now`, oldest first, at most `limit` (strongly consistent: the job acts on them).
 * A corrupt marker is logged and left out, so it never holds up the others.
 */
export async function dueSignupJobs(store: Store, now: Date, limit: number): Promise<SignupJob[]> {
  const { Items } = await store.doc.send(
    new QueryCommand({
      TableName: store.tableName,
      KeyConditionExpression: 'PK = :pk AND SK <= :due',
      ExpressionAttributeValues: { ':pk': 'SIGNUPJOBS', ':due': `${now.toISOString()}#~` },
      ConsistentRead: true,
      Limit: limit,
    }),
  );
  return decodeReadable(signupJobCodec, Items ?? []);
}

export async function putSignupJob(store: Store, job: SignupJob): Promise<void> {
  await store.doc.send(new PutCommand({ TableName: store.tableName, Item: signupJobCodec.encode(job) }));
}

export async function removeSignupJob(store: Store, job: SignupJob): Promise<void> {
  const { PK, SK } = signupJobCodec.encode(job);
  await store.doc.send(new DeleteCommand({ TableName: store.tableName, Key: { PK, SK } }));
}
