import { TABLE_SHAPE } from '@shuttle/functions/db/table.ts';

/**
 * What `infra/bin/restore.ts` does to a table restored from a backup or point in time, before
 * the stage points at it (docs/DEPLOY.md, "Restore"): a restored table comes without its stream,
 * TTL, point-in-time recovery and deletion protection, and without the stream the outbox (every
 * LINE push and e-mail) stops. Each step is one DynamoDB call, listed here so the dry run shows
 * exactly what the real run sends.
 */
export interface RestoreStep {
  operation: 'UpdateTable' | 'UpdateTimeToLive' | 'UpdateContinuousBackups';
  input: Record<string, unknown>;
  why: string;
}

export function restoreSteps(tableName: string): RestoreStep[] {
  return [
    {
      operation: 'UpdateTable',
      input: {
        TableName: tableName,
        StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
      },
      why: 'the outbox stream: the notifier delivers new outbox records from it',
    },
    {
      operation: 'UpdateTable',
      input: { TableName: tableName, DeletionProtectionEnabled: true },
      why: 'deletion protection, as on the stack’s own table',
    },
    {
      operation: 'UpdateTimeToLive',
      input: {
        TableName: tableName,
        TimeToLiveSpecification: { Enabled: true, AttributeName: TABLE_SHAPE.ttlAttribute },
      },
      why: `TTL on \`${TABLE_SHAPE.ttlAttribute}\`: expired codes, rate-limit windows and handled webhook ids go`,
    },
    {
      operation: 'UpdateContinuousBackups',
      input: {
        TableName: tableName,
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      },
      why: 'point-in-time recovery (35 days), for the next restore',
    },
  ];
}

/** The stage file with the restored table in it (every other key kept, in order). */
export function withRestoredTable(
  stage: Record<string, unknown>,
  tableName: string,
  tableStreamArn: string,
): Record<string, unknown> {
  return { ...stage, tableName, tableStreamArn };
}
