import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';

/**
 * The single table's physical shape: base keys and four overloaded GSIs. The CDK database
 * construct and the local bootstrap both read this, so the two can never drift.
 * What lives under each key is written down in `keys.ts` and `TABLE.md`.
 */
export const TABLE_SHAPE = {
  partitionKey: 'PK',
  sortKey: 'SK',
  ttlAttribute: 'ttl',
  indexes: [
    { name: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
    { name: 'GSI2', partitionKey: 'GSI2PK', sortKey: 'GSI2SK' },
    { name: 'GSI3', partitionKey: 'GSI3PK', sortKey: 'GSI3SK' },
    { name: 'GSI4', partitionKey: 'GSI4PK', sortKey: 'GSI4SK' },
  ],
} as const;

export type IndexName = (typeof TABLE_SHAPE.indexes)[number]['name'];

export function createTableInput(tableName: string): CreateTableCommandInput {
  const keyAttributes = [
    TABLE_SHAPE.partitionKey,
    TABLE_SHAPE.sortKey,
    ...TABLE_SHAPE.indexes.flatMap((i) => [i.partitionKey, i.sortKey]),
  ];
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: keyAttributes.map((name) => ({ AttributeName: name, AttributeType: 'S' })),
    KeySchema: [
      { AttributeName: TABLE_SHAPE.partitionKey, KeyType: 'HASH' },
      { AttributeName: TABLE_SHAPE.sortKey, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: TABLE_SHAPE.indexes.map((i) => ({
      IndexName: i.name,
      KeySchema: [
        { AttributeName: i.partitionKey, KeyType: 'HASH' },
        { AttributeName: i.sortKey, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    })),
  };
}
