import { AwsCaller, type AwsClientConfig, type AwsResponse } from './aws-call.ts';

/**
 * Stands in for `@aws-sdk/client-secrets-manager` in the Lambda bundles (`BUNDLING.alias`,
 * infra/lib/bundling.ts): `SecretsManagerClient` with the one command the functions send,
 * `GetSecretValueCommand` (functions/src/handlers/secrets.ts), as the service's own JSON 1.1
 * request, signed and retried like the SDK's (./aws-call.ts). Importing any other command fails
 * the bundle build. Tests and local runs are not bundled and use the SDK client;
 * infra/test/stand-ins.test.ts checks that both send the same request and read answers alike.
 */

export interface GetSecretValueCommandInput {
  SecretId: string | undefined;
  VersionId?: string;
  VersionStage?: string;
}

export interface GetSecretValueCommandOutput {
  ARN?: string;
  Name?: string;
  VersionId?: string;
  SecretString?: string;
  SecretBinary?: Uint8Array;
  VersionStages?: string[];
  CreatedDate?: Date;
  $metadata: { httpStatusCode: number; requestId?: string };
}

export class GetSecretValueCommand {
  constructor(readonly input: GetSecretValueCommandInput) {}
}

/**
 * JSON-protocol errors: the type in `x-amzn-errortype` or the body's `__type`/`code`, without a
 * `namespace#` prefix or `:…` suffix; the text in `message` or `Message`.
 */
const readError = (response: AwsResponse) => {
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(response.body) as Record<string, unknown>;
  } catch {}
  const type = response.headers.get('x-amzn-errortype') ?? parsed.__type ?? parsed.code;
  const name = typeof type === 'string' ? type.split(':')[0]!.split('#').pop()! : '';
  const message = parsed.message ?? parsed.Message;
  return {
    name: name || (response.status >= 500 ? 'InternalFailure' : 'UnknownError'),
    message: typeof message === 'string' ? message : `Secrets Manager answered HTTP ${response.status}`,
  };
};

export class SecretsManagerClient {
  private readonly caller: AwsCaller;

  constructor(config: AwsClientConfig = {}) {
    this.caller = new AwsCaller(config, { endpointPrefix: 'secretsmanager', signingName: 'secretsmanager' }, readError);
  }

  async send(command: GetSecretValueCommand): Promise<GetSecretValueCommandOutput> {
    const response = await this.caller.post(
      { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'secretsmanager.GetSecretValue' },
      JSON.stringify(command.input),
    );
    const { SecretBinary, CreatedDate, ...rest } = JSON.parse(response.body) as Record<string, unknown>;
    return {
      ...rest,
      ...(typeof SecretBinary === 'string'
        ? { SecretBinary: new Uint8Array(Buffer.from(SecretBinary, 'base64')) }
        : {}),
      ...(typeof CreatedDate === 'number' ? { CreatedDate: new Date(CreatedDate * 1000) } : {}),
      $metadata: { httpStatusCode: response.status, requestId: response.headers.get('x-amzn-requestid') ?? undefined },
    };
  }
}
