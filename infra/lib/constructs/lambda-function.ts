import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Duration, Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import {
  Architecture,
  type ILayerVersion,
  LayerVersion,
  LoggingFormat,
  Runtime,
  Tracing,
} from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import type { Construct } from 'constructs';
import {
  BUNDLING,
  type BundleFile,
  bundledFiles,
  esbuildArgs,
  handlersDir,
  powertoolsLayerParameter,
  repoRoot,
} from '../bundling.ts';
import type { ShuttleConfig } from '../config.ts';
import { sourceMapBundling } from './source-maps.ts';

export interface HandlerFunctionProps {
  /** File name (without `.ts`) in functions/src/handlers. */
  handler: string;
  description: string;
  environment?: Record<string, string>;
  timeout?: Duration;
  memorySize?: number;
  /** Instances kept for this function alone (and its ceiling); unset: the account's shared pool. */
  reservedConcurrentExecutions?: number;
}

/**
 * The Lambda runtime of every function: Node.js 24 (supported into 2028), the version CI runs the
 * suite on (README). The bundles target node22 syntax (infra/lib/bundling.ts), which Node 24 runs.
 */
const LAMBDA_RUNTIME = Runtime.NODEJS_24_X;

/**
 * The official Powertools for AWS Lambda (TypeScript) layer, one per stack, at the version in
 * package-lock.json: its ARN is read at deploy time from AWS's public SSM parameter for that
 * version (infra/lib/bundling.ts, `powertoolsLayerParameter`), so upgrading the package moves the
 * layer with it (docs/DEPLOY.md, "Metrics").
 */
function powertoolsLayer(scope: Construct): ILayerVersion {
  const stack = Stack.of(scope);
  const existing = stack.node.tryFindChild('PowertoolsLayer') as ILayerVersion | undefined;
  if (existing) return existing;
  const arn = StringParameter.valueForStringParameter(stack, powertoolsLayerParameter());
  return LayerVersion.fromLayerVersionArn(stack, 'PowertoolsLayer', arn);
}

/** Whether functions/src/handlers/<name>.ts exists. */
export const handlerExists = (name: string): boolean => existsSync(join(handlersDir, `${name}.ts`));

/** The shell commands that copy a function's run-time files beside its bundle in `outputDir`. */
const copyFilesCommands = (files: readonly BundleFile[], outputDir: string): string[] =>
  files.flatMap(({ source, target }) => [
    `mkdir -p "${dirname(join(outputDir, target))}"`,
    `cp "${source}" "${join(outputDir, target)}"`,
  ]);

/**
 * Every function of the product: one handler file bundled by esbuild (infra/lib/bundling.ts: ESM,
 * minified, the AWS SDK inside), with the files it reads at run time beside it (`bundledFiles`:
 * the share card's WebAssembly and fonts), Node.js 24 on arm64, JSON logs kept for a month, X-Ray
 * tracing.
 */
export function handlerFunction(scope: Construct, id: string, props: HandlerFunctionProps): NodejsFunction {
  const entry = join(handlersDir, `${props.handler}.ts`);
  if (!existsSync(entry)) throw new Error(`Lambda handler not found: ${entry}`);
  const maps = sourceMapBundling(scope, props.handler);
  const files = bundledFiles(props.handler);
  const hooks = maps.bundling.commandHooks!;
  const fn = new NodejsFunction(scope, id, {
    entry,
    handler: 'handler',
    description: props.description,
    runtime: LAMBDA_RUNTIME,
    reservedConcurrentExecutions: props.reservedConcurrentExecutions,
    architecture: Architecture.ARM_64,
    memorySize: props.memorySize ?? 512,
    timeout: props.timeout ?? Duration.seconds(15),
    projectRoot: repoRoot,
    depsLockFilePath: join(repoRoot, 'package-lock.json'),
    loggingFormat: LoggingFormat.JSON,
    tracing: Tracing.ACTIVE,
    layers: [powertoolsLayer(scope)],
    logGroup: new LogGroup(scope, `${id}Logs`, { retention: RetentionDays.ONE_MONTH }),
    environment: { ...props.environment },
    bundling: {
      format: OutputFormat.ESM,
      target: BUNDLING.target,
      minify: BUNDLING.minify,
      // An external map, moved out of the zip to the SourceMaps bucket (constructs/source-maps.ts).
      ...maps.bundling,
      commandHooks: {
        ...hooks,
        afterBundling: (inputDir: string, outputDir: string) => [
          ...hooks.afterBundling(inputDir, outputDir),
          ...copyFilesCommands(files, outputDir),
        ],
      },
      mainFields: [...BUNDLING.mainFields],
      banner: BUNDLING.banner,
      externalModules: [...BUNDLING.external],
      esbuildArgs: esbuildArgs(),
      forceDockerBundling: false,
    },
  });
  maps.collect(fn);
  return fn;
}

/**
 * SES sending, only as the configured sender, through its verified identity (a domain or an
 * address: both identity ARNs are allowed, since SES authorises against whichever is verified)
 * and the stage's configuration set, which reports bounces and complaints. `ses:SendEmail` is
 * the action of SES v2's SendEmail too, which the functions call (functions/src/platform/email.ts).
 */
export function grantSendEmail(
  fn: NodejsFunction,
  config: Pick<ShuttleConfig, 'sesIdentity' | 'emailFrom'>,
  configurationSet?: string,
): void {
  const stack = Stack.of(fn);
  const identities = [...new Set([config.sesIdentity, config.emailFrom, config.emailFrom.split('@')[1]!])];
  fn.addToRolePolicy(
    new PolicyStatement({
      actions: ['ses:SendEmail', 'ses:SendRawEmail'],
      resources: [
        ...identities.map((name) => stack.formatArn({ service: 'ses', resource: 'identity', resourceName: name })),
        ...(configurationSet
          ? [stack.formatArn({ service: 'ses', resource: 'configuration-set', resourceName: configurationSet })]
          : []),
      ],
      conditions: { StringEquals: { 'ses:FromAddress': config.emailFrom } },
    }),
  );
}
