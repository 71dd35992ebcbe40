import { randomUUID } from 'node:crypto';
import { type CancellationReason, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  type DeleteCommandInput,
  type PutCommandInput,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { count, type MetricName } from '#platform/metrics.ts';
import { isTransientStoreError, type RetryPolicy, withRetry } from '#platform/retry.ts';
import type { Store } from './client.ts';
import type { Decoder } from './codec.ts';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

type Without<T> = Omit<T, 'TableName'>;
type CheckInput = Without<NonNullable<TransactItem['ConditionCheck']>>;

/**
 * The items of one `TransactWriteItems` call, each under a name, so a refusal is decoded by
 * what failed (`refusal.failed('booking')`) and never by position in the list.
 */
export class Transaction {
  private readonly entries: { name: string; item: TransactItem }[] = [];
  /** Business events this write makes happen, counted once it commits (platform/metrics.ts). */
  private readonly events: { name: MetricName; value: number }[] = [];

  constructor(readonly tableName: string) {}

  put(name: string, input: Without<PutCommandInput>): this {
    return this.add(name, { Put: { TableName: this.tableName, ...input } });
  }

  update(name: string, input: Without<UpdateCommandInput>): this {
    return this.add(name, { Update: { TableName: this.tableName, ...input } as TransactItem['Update'] });
  }

  delete(name: string, input: Without<DeleteCommandInput>): this {
    return this.add(name, { Delete: { TableName: this.tableName, ...input } });
  }

  check(name: string, input: CheckInput): this {
    return this.add(name, { ConditionCheck: { TableName: this.tableName, ...input } });
  }

  /** Appends every item of another transaction plan, keeping their names. */
  include(other: Transaction): this {
    for (const entry of other.entries) this.add(entry.name, entry.item);
    this.events.push(...other.events);
    return this;
  }

  /** Counts a business event when (and only if) this transaction commits; a retried plan is rebuilt, so never twice. */
  count(name: MetricName, value = 1): this {
    this.events.push({ name, value });
    return this;
  }

  /** Emits the counted events (runTransaction, after the commit). */
  emitEvents(): void {
    for (const event of this.events) count(event.name, event.value);
  }

  get size(): number {
    return this.entries.length;
  }

  get names(): string[] {
    return this.entries.map((e) => e.name);
  }

  get items(): TransactItem[] {
    return this.entries.map((e) => e.item);
  }

  private add(name: string, item: TransactItem): this {
    if (this.entries.some((e) => e.name === name)) throw new Error(`Transaction item named twice: ${name}`);
    this.entries.push({ name, item });
    return this;
  }
}

/** A transaction refused because one or more conditions failed; nothing was written. */
export class TransactionRefusedError extends Error {
  override name = 'TransactionRefusedError';
  private readonly byName: Map<string, CancellationReason>;

  constructor(names: string[], reasons: CancellationReason[]) {
    super(`Transaction refused: ${names.filter((_, i) => reasons[i]?.Code === 'ConditionalCheckFailed').join(', ')}`);
    this.byName = new Map(names.map((name, i) => [name, reasons[i] ?? {}]));
  }

  /** Whether the condition of the named item failed. */
  failed(name: string): boolean {
    return this.byName.get(name)?.Code === 'ConditionalCheckFailed';
  }

  /** The named item as it was when its condition failed (items sent with `ALL_OLD`), decoded. */
  item<T>(name: string, decoder: Decoder<T>): T | undefined {
    const raw = this.byName.get(name)?.Item;
    return raw ? decoder.decode(unmarshall(raw)) : undefined;
  }
}

/**
 * Runs one transaction, retrying conflicts and throttling with the same ClientRequestToken:
 * if an earlier try did commit and only its answer was lost, DynamoDB answers the retry with
 * success instead of applying it again or failing its conditions. Failed conditions become a
 * {@link TransactionRefusedError}.
 */
export async function runTransaction(store: Store, tx: Transaction, retry?: RetryPolicy): Promise<void> {
  const ClientRequestToken = randomUUID();
  try {
    await withRetry(
      () => store.doc.send(new TransactWriteCommand({ TransactItems: tx.items, ClientRequestToken })),
      isTransientStoreError,
      retry,
    );
    tx.emitEvents();
  } catch (error) {
    if (error instanceof TransactionCanceledException && !isTransientStoreError(error)) {
      throw new TransactionRefusedError(tx.names, error.CancellationReasons ?? []);
    }
    throw error;
  }
}

/** A single Put/Update/Delete refused by its condition. */
export function isConditionFailure(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}
