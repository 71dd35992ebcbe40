/**
 * Stands in for `@smithy/core/event-streams` in the Lambda bundles (`BUNDLING.alias`,
 * infra/lib/bundling.ts). The SDK's HTTP protocol loads it with `import()` the first time an
 * operation streams events (~20 KB: codec, marshallers, CRC32); esbuild bundles that import, but
 * no operation the functions call (DynamoDB items, SES SendEmail, Secrets Manager
 * GetSecretValue) has an event stream, so it is never loaded. If one ever is, it fails loudly.
 */
const refuse = (): never => {
  throw new Error('Event streams are not in this Lambda bundle (infra/lib/stand-ins/event-streams.ts)');
};

export class EventStreamSerde {
  constructor() {
    refuse();
  }
}

export const eventStreamSerdeProvider = refuse;
