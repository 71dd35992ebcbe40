import type { DynamoDBStreamEvent } from 'aws-lambda';
import { consumeOutboxStream } from '#notifications/stream.ts';
import { lambdaNotifier } from './notifier-deps.ts';

const notifier = lambdaNotifier();

export const handler = async (event: DynamoDBStreamEvent) => consumeOutboxStream(event, (await notifier()).dispatcher);
