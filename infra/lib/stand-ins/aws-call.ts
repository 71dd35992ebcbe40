import { partition } from '@aws-sdk/core/client';
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { Sha256 } from '@smithy/core/checksum';
import { isServerError, isThrottlingError, isTransientError, StandardRetryStrategy } from '@smithy/core/retry';
import { SignatureV4 } from '@smithy/signature-v4';
import type { AwsCredentialIdentity, AwsCredentialIdentityProvider } from '@smithy/types';

/**
 * One signed call to an AWS service, for the Lambda bundles' stand-ins of the SES and Secrets
 * Manager clients (infra/lib/stand-ins/ses.ts, secrets-manager.ts; `BUNDLING.alias` in
 * infra/lib/bundling.ts). Each of those clients brings its own protocol, models, endpoint rules
 * and runtime configuration (SES's AWS Query protocol with an XML parser: ~40 KB; Secrets
 * Manager: ~14 KB) for the one operation a function calls. What they share with the DynamoDB
 * client stays the SDK's own and is already in every bundle: Signature V4, the default
 * credential provider (the Lambda environment's, in a bundle), the endpoint partitions, and the
 * standard retry strategy with its error classification (3 attempts, jittered back-off).
 * infra/test/stand-ins.test.ts sends each request through both the SDK client and the stand-in
 * and compares what arrives.
 */

/** The client options the product passes (`region`), and those the tests use. */
export interface AwsClientConfig {
  region?: string;
  /** Instead of `https://<service>.<region>.<partition's DNS suffix>`. */
  endpoint?: string;
  credentials?: AwsCredentialIdentity | AwsCredentialIdentityProvider;
  maxAttempts?: number;
}

/** What the SDK's service exceptions carry, which callers and logs read. */
export interface AwsServiceError extends Error {
  cause?: Error;
  $fault: 'client' | 'server';
  $metadata: { httpStatusCode?: number; requestId?: string; attempts?: number; totalRetryDelay?: number };
}

export interface AwsResponse {
  status: number;
  headers: Headers;
  body: string;
}

/** Reading the error out of a failed response: each protocol words it its own way. */
export type ErrorReader = (response: AwsResponse) => { name: string; message: string; fault?: 'client' | 'server' };

export function serviceError(response: AwsResponse, read: ErrorReader, requestId?: string): AwsServiceError {
  const { name, message, fault } = read(response);
  return Object.assign(new Error(message), {
    name,
    $fault: fault ?? (response.status >= 500 ? 'server' : 'client'),
    $metadata: { httpStatusCode: response.status, requestId },
  }) as AwsServiceError;
}

/** The SDK's retry classes of an error (its retry middleware's, service-error-classification). */
function errorType(error: AwsServiceError) {
  if (isThrottlingError(error)) return 'THROTTLING' as const;
  if (isTransientError(error)) return 'TRANSIENT' as const;
  if (isServerError(error)) return 'SERVER_ERROR' as const;
  return 'CLIENT_ERROR' as const;
}

/** Credentials resolved once and reused until five minutes before they expire (the SDK's rule). */
function memoized(source: AwsClientConfig['credentials']): () => Promise<AwsCredentialIdentity> {
  if (source && typeof source !== 'function') return async () => source;
  const provide = source ?? defaultProvider();
  let current: Promise<AwsCredentialIdentity> | undefined;
  return async () => {
    // A failed read is not kept: the next call asks again.
    current ??= provide().catch((error: unknown) => {
      current = undefined;
      throw error;
    });
    const identity = await current;
    if (identity.expiration && identity.expiration.getTime() - Date.now() < 300_000) {
      current = provide();
      return current;
    }
    return identity;
  };
}

/** The invocation's X-Ray trace id on the call, as the SDK's recursion-detection middleware adds it. */
function traceHeader(): Record<string, string> {
  const traceId = process.env._X_AMZN_TRACE_ID;
  return process.env.AWS_LAMBDA_FUNCTION_NAME && traceId ? { 'X-Amzn-Trace-Id': traceId } : {};
}

/** No call may hang a function until its own timeout. */
const ATTEMPT_TIMEOUT_MS = 10_000;

export class AwsCaller {
  private readonly retry: StandardRetryStrategy;
  private readonly credentials: () => Promise<AwsCredentialIdentity>;

  constructor(
    private readonly config: AwsClientConfig,
    /** Endpoint prefix (`email`, `secretsmanager`) and signing name (`ses`, `secretsmanager`). */
    private readonly service: { endpointPrefix: string; signingName: string },
    private readonly readError: ErrorReader,
  ) {
    this.retry = new StandardRetryStrategy(config.maxAttempts ?? 3);
    this.credentials = memoized(config.credentials);
  }

  /** POSTs `body` to the service's root, signed, with the SDK's retries; the response of a 2xx, else its error. */
  async post(headers: Record<string, string>, body: string): Promise<AwsResponse> {
    const region = this.config.region ?? process.env.AWS_REGION;
    if (!region) throw new Error('Region is missing');
    const url = new URL(
      this.config.endpoint ?? `https://${this.service.endpointPrefix}.${region}.${partition(region).dnsSuffix}`,
    );
    const signer = new SignatureV4({
      service: this.service.signingName,
      region,
      credentials: this.credentials,
      sha256: Sha256,
    });
    let token = await this.retry.acquireInitialRetryToken('');
    let attempts = 0;
    while (true) {
      attempts += 1;
      let error: AwsServiceError;
      try {
        const signed = await signer.sign({
          method: 'POST',
          protocol: url.protocol,
          hostname: url.hostname,
          port: url.port ? Number(url.port) : undefined,
          path: url.pathname,
          query: {},
          headers: { ...headers, ...traceHeader(), host: url.host, 'content-length': String(Buffer.byteLength(body)) },
          body,
        });
        const { host: _host, ...sent } = signed.headers;
        const reply = await fetch(url, {
          method: 'POST',
          headers: sent,
          body,
          signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
        });
        const response = { status: reply.status, headers: reply.headers, body: await reply.text() };
        if (response.status < 300) {
          this.retry.recordSuccess(token);
          return response;
        }
        error = serviceError(response, this.readError, reply.headers.get('x-amzn-requestid') ?? undefined);
      } catch (thrown) {
        error = thrown as AwsServiceError;
      }
      try {
        token = await this.retry.refreshRetryTokenForRetry(token, { error, errorType: errorType(error) });
      } catch {
        error.$metadata = { ...error.$metadata, attempts };
        throw error;
      }
    }
  }
}
