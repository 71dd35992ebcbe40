import type { DynamoDBStreamEvent } from 'aws-lambda';
import { consumeOutboxStream } from '#notifications/stream.ts';
import { lambdaNotifier } from './notifier-deps.ts';
import { observed } from './observability.ts';

const notifier = lambdaNotifier();

export const handler = observed(async (event: DynamoDBStreamEvent, _context?: unknown) =>
  consumeOutboxStream(event, (await notifier()).dispatcher),
);
