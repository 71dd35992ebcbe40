import type { DynamoDBStreamEvent } from 'aws-lambda';
import { consumeOutboxStream } from '#notify/stream.ts';
import { lambdaNotifierDeps } from '#src/lambda-deps.ts';

const { dispatcher } = await lambdaNotifierDeps();

export const handler = (event: DynamoDBStreamEvent) => consumeOutboxStream(event, dispatcher);
