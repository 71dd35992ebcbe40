import type { TestProject } from 'vitest/node';
import { useDynamo } from './shared-dynamo.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}

/** One in-memory DynamoDB Local for the whole run (shared-dynamo.ts); each test file makes its own table. */
export default async function setup(project: TestProject) {
  const dynamo = await useDynamo();
  project.provide('dynamoEndpoint', dynamo.endpoint);
  return () => dynamo.release();
}
