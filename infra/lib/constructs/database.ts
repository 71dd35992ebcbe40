import { createTableInput, TABLE_SHAPE } from '@shuttle/functions/db/table.ts';
import { RemovalPolicy } from 'aws-cdk-lib';
import {
  AttributeType,
  BillingMode,
  type ITable,
  ProjectionType,
  StreamViewType,
  Table,
} from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';

const ATTRIBUTE_TYPES: Record<string, AttributeType> = {
  S: AttributeType.STRING,
  N: AttributeType.NUMBER,
  B: AttributeType.BINARY,
};

/**
 * Item-level permissions per role. No role may Scan (TABLE.md: no full-table Scan on any
 * path), and none may change the table itself.
 */
export const TABLE_ACCESS = {
  api: [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:BatchWriteItem',
    'dynamodb:ConditionCheckItem',
  ],
  /** Reads the player and the session, claims and finishes outbox records. */
  dispatcher: ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:UpdateItem'],
  /** Reads month and booking partitions, writes reminder records. */
  reminders: ['dynamodb:Query', 'dynamodb:PutItem'],
  /**
   * Lottery draws and offer expiry: reads due sessions and their waitlists, moves entries to
   * seats or offers in transactions (item writes with conditions), writes outbox records.
   */
  signUpJobs: [
    'dynamodb:GetItem',
    'dynamodb:Query',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:ConditionCheckItem',
  ],
  /** Reads the player's language, records (and on a failed reply forgets) handled event ids. */
  webhook: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:DeleteItem'],
  /**
   * The rotation board's `$connect`/`$disconnect` (TABLE.md, "Rotation"): reads the board, the
   * screen token, the caller's account, team link and booking, Queries the free socket places,
   * takes three (a transaction of conditional Puts), counts the upgrade (the `liveConnect`
   * rate counter, an UpdateItem) and frees them (conditional DeleteItems).
   */
  rotationSockets: [
    'dynamodb:GetItem',
    'dynamodb:Query',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
  ],
  /**
   * The live board's stream function: one Query of the session's sockets (or a viewer's), the
   * rechecks' reads (account, team link, session, user, booking, board), the socket's check
   * recorded (UpdateItem), closed sockets' places freed (DeleteItem).
   */
  rotationBroadcast: ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'],
} as const;

export interface DatabaseProps {
  /**
   * A table restored from a backup (stage settings `tableName`, `tableStreamArn`), used instead
   * of the stack's own: grants, the outbox stream mapping and the alarms follow it. Its stream,
   * TTL, PITR and deletion protection are turned on by infra/bin/restore.ts (docs/DEPLOY.md, "Restore").
   */
  restored?: { tableName: string; tableStreamArn: string };
}

/**
 * The single table, built from the same shape the local bootstrap creates (functions/src/db/table.ts),
 * so keys and indexes can never drift between DynamoDB Local and AWS.
 */
export class Database extends Construct {
  readonly table: ITable;
  /** The table this stack created, absent when the stage runs on a restored table. */
  readonly ownTable?: Table;

  constructor(scope: Construct, id: string, props: DatabaseProps = {}) {
    super(scope, id);
    const shape = createTableInput('shape');
    if (props.restored) {
      this.table = Table.fromTableAttributes(this, 'Table', {
        ...props.restored,
        globalIndexes: (shape.GlobalSecondaryIndexes ?? []).map((gsi) => gsi.IndexName!),
      });
      return;
    }
    const typeOf = (name: string) => {
      const definition = shape.AttributeDefinitions?.find((a) => a.AttributeName === name);
      const type = definition?.AttributeType && ATTRIBUTE_TYPES[definition.AttributeType];
      if (!type) throw new Error(`No attribute definition for key ${name}`);
      return { name, type };
    };
    const keyOf = (schema: { AttributeName?: string; KeyType?: string }[] | undefined, kind: 'HASH' | 'RANGE') => {
      const name = schema?.find((k) => k.KeyType === kind)?.AttributeName;
      return name ? typeOf(name) : undefined;
    };

    const table = new Table(this, 'Table', {
      partitionKey: keyOf(shape.KeySchema, 'HASH')!,
      sortKey: keyOf(shape.KeySchema, 'RANGE'),
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      stream: StreamViewType.NEW_AND_OLD_IMAGES,
      timeToLiveAttribute: TABLE_SHAPE.ttlAttribute,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const gsi of shape.GlobalSecondaryIndexes ?? []) {
      if (gsi.Projection?.ProjectionType !== 'ALL')
        throw new Error(`${gsi.IndexName}: only ALL projections are modelled`);
      table.addGlobalSecondaryIndex({
        indexName: gsi.IndexName!,
        partitionKey: keyOf(gsi.KeySchema, 'HASH')!,
        sortKey: keyOf(gsi.KeySchema, 'RANGE'),
        projectionType: ProjectionType.ALL,
      });
    }
    this.table = table;
    this.ownTable = table;
  }
}
