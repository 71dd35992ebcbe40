import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Duration, Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Architecture, LoggingFormat, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';

const repoRoot = resolve(import.meta.dirname, '../../..');
const handlersDir = join(repoRoot, 'functions/src/handlers');

export interface HandlerFunctionProps {
  /** File name (without `.ts`) in functions/src/handlers. */
  handler: string;
  description: string;
  environment?: Record<string, string>;
  timeout?: Duration;
  memorySize?: number;
}

/**
 * Every function of the product: one handler file bundled by esbuild (ESM, tree-shaken, the
 * AWS SDK left to the runtime), Node.js 22 on arm64, JSON logs kept for a month.
 */
export function handlerFunction(scope: Construct, id: string, props: HandlerFunctionProps): NodejsFunction {
  const entry = join(handlersDir, `${props.handler}.ts`);
  if (!existsSync(entry)) throw new Error(`Lambda handler not found: ${entry}`);
  return new NodejsFunction(scope, id, {
    entry,
    handler: 'handler',
    description: props.description,
    runtime: Runtime.NODEJS_22_X,
    architecture: Architecture.ARM_64,
    memorySize: props.memorySize ?? 512,
    timeout: props.timeout ?? Duration.seconds(15),
    projectRoot: repoRoot,
    depsLockFilePath: join(repoRoot, 'package-lock.json'),
    loggingFormat: LoggingFormat.JSON,
    logGroup: new LogGroup(scope, `${id}Logs`, { retention: RetentionDays.ONE_MONTH }),
    environment: { NODE_OPTIONS: '--enable-source-maps', ...props.environment },
    bundling: {
      format: OutputFormat.ESM,
      target: 'node22',
      minify: true,
      sourceMap: true,
      mainFields: ['module', 'main'],
      // Some dependencies are CommonJS and call require() on Node built-ins.
      banner: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
      externalModules: ['@aws-sdk/*'],
      forceDockerBundling: false,
    },
  });
}

/** SES sending, only as the configured sender and only through its verified identity. */
export function grantSendEmail(fn: NodejsFunction, identity: string, from: string): void {
  fn.addToRolePolicy(
    new PolicyStatement({
      actions: ['ses:SendEmail', 'ses:SendRawEmail'],
      resources: [Stack.of(fn).formatArn({ service: 'ses', resource: 'identity', resourceName: identity })],
      conditions: { StringEquals: { 'ses:FromAddress': from } },
    }),
  );
}
