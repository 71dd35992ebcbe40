import type { DynamoDBStreamEvent } from 'aws-lambda';
import { consumeOutboxStream } from '#notifications/stream.ts';
import { lambdaNotifierDeps } from './deps.ts';

const { dispatcher } = await lambdaNotifierDeps();

export const handler = (event: DynamoDBStreamEvent) => consumeOutboxStream(event, dispatcher);
