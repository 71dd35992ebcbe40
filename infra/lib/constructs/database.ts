import { createTableInput, TABLE_SHAPE } from '@shuttle/functions/db/table.ts';
import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, StreamViewType, Table } from 'aws-cdk-lib/aws-dynamodb';
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
} as const;

/**
 * The single table, built from the same shape the local bootstrap creates (functions/src/db/table.ts),
 * so keys and indexes can never drift between DynamoDB Local and AWS.
 */
export class Database extends Construct {
  readonly table: Table;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const shape = createTableInput('shape');
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

    this.table = new Table(this, 'Table', {
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
      this.table.addGlobalSecondaryIndex({
        indexName: gsi.IndexName!,
        partitionKey: keyOf(gsi.KeySchema, 'HASH')!,
        sortKey: keyOf(gsi.KeySchema, 'RANGE'),
        projectionType: ProjectionType.ALL,
      });
    }
  }
}
