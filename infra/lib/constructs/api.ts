import { type ApiName, gatewayPaths, ROUTE_GROUPS, type RouteGroup } from '@shuttle/functions/app/route-groups.ts';
import { ORIGIN_SECRET_HEADER } from '@shuttle/functions/platform/origin-guard.ts';
import { Aws, RemovalPolicy, SecretValue } from 'aws-cdk-lib';
import {
  AccessLogFormat,
  EndpointType,
  LambdaIntegration,
  LogGroupLogDestination,
  RestApi,
} from 'aws-cdk-lib/aws-apigateway';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { miniAppEnvironment, miniAppSecretName, type ShuttleConfig } from '../config.ts';
import { TABLE_ACCESS } from './database.ts';
import { grantSendEmail, handlerFunction } from './lambda-function.ts';

export { ORIGIN_SECRET_HEADER };

/** JSON field of the origin secret CloudFront sends (`previous` holds the one it sent before a rotation). */
const ORIGIN_SECRET_CURRENT = 'current';
/** JSON field of the value CloudFront sent before a rotation (infra/lib/ops/rotation.ts). */
const ORIGIN_SECRET_PREVIOUS = 'previous';
/** Secrets Manager name of a stage's origin secret. */
export const originSecretName = (stageName: string): string => `shuttle/${stageName}/origin-verify`;
/** `-c originSecretVersion=ID`: the secret version CloudFront reads (set by the rotation command). */
export const ORIGIN_SECRET_VERSION_KEY = 'originSecretVersion';

/**
 * The stage of both REST APIs. CloudFront's origin path adds it (`/api/x` → `/live/api/x`) and
 * API Gateway strips it again, so the functions see the paths the apps call.
 */
export const API_STAGE_NAME = 'live';

/** Where CloudFront sends the LINE webhook: the member API's route to the webhook function (functions/src/line/webhook.ts). */
export const LINE_WEBHOOK_PATH = '/webhook/line';

/** One JSON line per request in the API access logs (REST API `$context` variables). */
const ACCESS_LOG_FORMAT = JSON.stringify({
  requestId: '$context.requestId',
  ip: '$context.identity.sourceIp',
  requestTime: '$context.requestTime',
  method: '$context.httpMethod',
  path: '$context.path',
  resource: '$context.resourcePath',
  status: '$context.status',
  latencyMs: '$context.responseLatency',
  integrationLatencyMs: '$context.integrationLatency',
  error: '$context.error.message',
  waf: '$context.wafResponseCode',
  userAgent: '$context.identity.userAgent',
});

export interface ApiProps {
  table: ITable;
  config: ShuttleConfig;
  /** SES configuration set of every email (constructs/email.ts). */
  configurationSet: string;
}

/** Construct id of a route group's function: the catch-all groups keep the ids the APIs had as one function each. */
const groupFunctionId = (group: RouteGroup): string =>
  group.handler === 'member-api'
    ? 'MemberFunction'
    : group.handler === 'admin-api'
      ? 'AdminFunction'
      : `${group.handler
          .replace(/-api$/, '')
          .split('-')
          .map((w) => w[0]!.toUpperCase() + w.slice(1))
          .join('')}Function`;

/** A group's reserved concurrency: its share of its API's (`memberApiConcurrency`, `adminApiConcurrency`), at least 1. */
const groupConcurrency = (group: RouteGroup, config: ShuttleConfig): number =>
  Math.max(
    1,
    Math.round(
      group.concurrencyShare * (group.api === 'member' ? config.memberApiConcurrency : config.adminApiConcurrency),
    ),
  );

/**
 * The member API (`/api/*`, and the LINE webhook at `/webhook/line`) and the admin API
 * (`/api/admin/*`): two regional REST APIs, so the origin's WAF (constructs/origin-waf.ts) stands
 * in front of them (docs/DEPLOY.md, "Edge protection"). Each is split by route group
 * (functions/src/app/route-groups.ts) into Lambdas running part of the Hono app, so every bundle
 * stays under 500 KB (docs/DEPLOY.md, "Bundles"). Each group's paths are its API resources; only
 * the groups that send e-mail (verification codes, admin account mail) may.
 */
export class Api extends Construct {
  readonly memberApi: RestApi;
  readonly adminApi: RestApi;
  /** The member API's catch-all group (`member-api`): every member call no other group claims. */
  readonly memberFunction: NodejsFunction;
  /** The admin API's catch-all group (`admin-api`): every admin call no other group claims. */
  readonly adminFunction: NodejsFunction;
  /** Every route group's function by construct id (`groupFunctionId`), the catch-all ones included. */
  readonly groupFunctions: Record<string, NodejsFunction> = {};
  /** Signs member and admin tokens; generated here, read by the API functions at cold start. */
  readonly jwtSecret: Secret;
  /**
   * The value CloudFront sends in `x-origin-verify` with every API request; the functions refuse
   * requests without it, so the execute-api URLs are no way around the WAF (docs/DEPLOY.md).
   * JSON `{"current": …, "previous": …}`: the functions accept either, CloudFront sends `current`,
   * so `infra/bin/rotate-origin-secret.ts` rotates it without a moment of 403s.
   */
  readonly originSecret: Secret;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const { table, config } = props;
    this.jwtSecret = new Secret(this, 'JwtSecret', {
      description: 'HS256 key of member and admin tokens',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });
    this.originSecret = new Secret(this, 'OriginSecret', {
      // A fixed name, so the rotation command finds it from the stage file alone.
      secretName: originSecretName(config.stageName),
      description: 'Header value CloudFront adds to API requests; API calls without it are refused',
      generateSecretString: {
        secretStringTemplate: '{}',
        generateStringKey: ORIGIN_SECRET_CURRENT,
        passwordLength: 48,
        excludePunctuation: true,
      },
    });
    const environment = {
      TABLE_NAME: table.tableName,
      JWT_SECRET_ARN: this.jwtSecret.secretArn,
      ORIGIN_SECRET_ARN: this.originSecret.secretArn,
      LINE_LOGIN_CHANNEL_ID: config.lineLoginChannelId,
      GOOGLE_CLIENT_ID: config.googleClientId,
      EMAIL_FROM: config.emailFrom,
      SES_CONFIGURATION_SET: props.configurationSet,
    };

    // LINE MINI App mode: the member calls hand LIFF access tokens over (docs/LINE.md).
    const miniAppSecret = config.miniApp
      ? Secret.fromSecretNameV2(this, 'MiniAppChannel', miniAppSecretName(config))
      : null;
    const groupFunction = (group: RouteGroup) => {
      const fn = handlerFunction(this, groupFunctionId(group), {
        handler: group.handler,
        description: group.description,
        // The share page's "open in LINE" button (docs/LINE.md, "Share card").
        environment: {
          ...environment,
          ...miniAppEnvironment(config, group.api === 'member'),
          ...(group.plain ? { LIFF_ID: config.liffId } : {}),
        },
        memorySize: 1024,
        reservedConcurrentExecutions: groupConcurrency(group, config),
      });
      table.grant(fn, ...TABLE_ACCESS.api);
      this.jwtSecret.grantRead(fn);
      this.originSecret.grantRead(fn);
      if (group.sendsEmail) grantSendEmail(fn, config, props.configurationSet);
      if (miniAppSecret && group.api === 'member') miniAppSecret.grantRead(fn);
      this.groupFunctions[groupFunctionId(group)] = fn;
      return fn;
    };
    const functionsOf = (api: ApiName) =>
      ROUTE_GROUPS.filter((g) => g.api === api).map((group) => ({ group, fn: groupFunction(group) }));
    const memberGroups = functionsOf('member');
    const adminGroups = functionsOf('admin');
    this.memberFunction = this.groupFunctions.MemberFunction!;
    this.adminFunction = this.groupFunctions.AdminFunction!;

    const restApi = (name: string, groups: { group: RouteGroup; fn: NodejsFunction }[]) => {
      const accessLogs = new LogGroup(this, `${name}AccessLogs`, {
        retention: RetentionDays.THREE_MONTHS,
        removalPolicy: RemovalPolicy.DESTROY,
      });
      const api = new RestApi(this, name, {
        restApiName: `shuttle-${name.toLowerCase()}`,
        endpointConfiguration: { types: [EndpointType.REGIONAL] },
        // Execution logs need the account-wide API Gateway role, which this stack does not own
        // (infra/lib/nag.ts); the access logs and the functions' own JSON logs cover each request.
        cloudWatchRole: false,
        // Every body passes as is: the functions answer gzip (app/contract-api.ts), which Lambda
        // returns base64-encoded and API Gateway decodes only for a binary media type.
        binaryMediaTypes: ['*/*'],
        deployOptions: {
          stageName: API_STAGE_NAME,
          throttlingRateLimit: config.apiRateLimit,
          throttlingBurstLimit: config.apiBurstLimit,
          accessLogDestination: new LogGroupLogDestination(accessLogs),
          accessLogFormat: AccessLogFormat.custom(ACCESS_LOG_FORMAT),
        },
      });
      for (const { group, fn } of groups) {
        const integration = new LambdaIntegration(fn, { allowTestInvoke: false });
        for (const path of gatewayPaths(group)) api.root.resourceForPath(path).addMethod('ANY', integration);
      }
      return api;
    };
    this.memberApi = restApi('MemberApi', memberGroups);
    this.adminApi = restApi('AdminApi', adminGroups);
  }

  /**
   * `POST /webhook/line` on the member API, to the webhook function (its own reserved concurrency
   * and signature check before any read, constructs/notifications.ts): behind CloudFront and both
   * WAFs like every API call.
   */
  addLineWebhook(fn: NodejsFunction): void {
    this.memberApi.root
      .resourceForPath(LINE_WEBHOOK_PATH)
      .addMethod('POST', new LambdaIntegration(fn, { allowTestInvoke: false }));
  }

  /** The host CloudFront sends an API's requests to (with `originPath` `/<API_STAGE_NAME>`). */
  static originDomain(api: RestApi): string {
    return `${api.restApiId}.execute-api.${Aws.REGION}.${Aws.URL_SUFFIX}`;
  }

  /**
   * What CloudFront sends in `x-origin-verify`: the secret's `current` field, resolved by
   * CloudFormation at deploy time. With `versionId` (the rotation command's deploy) the reference
   * names that version, so the template changes and CloudFront takes the new value.
   */
  originHeaderValue(versionId?: string): string {
    return this.originSecretField(ORIGIN_SECRET_CURRENT, versionId);
  }

  /**
   * What the origin's WAF lets through in `x-origin-verify`: the `current` value CloudFront sends,
   * and, in the rotation command's deploy (`versionId`), that version's `previous` too, since
   * CloudFront's edges switch to the new value one by one (docs/DEPLOY.md, "Rotating the origin secret").
   */
  acceptedOriginValues(versionId?: string): string[] {
    return versionId
      ? [
          this.originSecretField(ORIGIN_SECRET_CURRENT, versionId),
          this.originSecretField(ORIGIN_SECRET_PREVIOUS, versionId),
        ]
      : [this.originSecretField(ORIGIN_SECRET_CURRENT)];
  }

  private originSecretField(jsonField: string, versionId?: string): string {
    return SecretValue.secretsManager(this.originSecret.secretArn, {
      jsonField,
      ...(versionId ? { versionId } : {}),
    }).unsafeUnwrap();
  }

  get functions(): NodejsFunction[] {
    return Object.values(this.groupFunctions);
  }
}
