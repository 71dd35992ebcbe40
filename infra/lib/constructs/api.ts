import { type ApiName, gatewayPaths, ROUTE_GROUPS, type RouteGroup } from '@shuttle/functions/app/route-groups.ts';
import { ORIGIN_SECRET_HEADER } from '@shuttle/functions/platform/origin-guard.ts';
import { RemovalPolicy, SecretValue } from 'aws-cdk-lib';
import { type CfnStage, HttpApi, HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { ShuttleConfig } from '../config.ts';
import { TABLE_ACCESS } from './database.ts';
import { grantSendEmail, handlerFunction } from './lambda-function.ts';

export { ORIGIN_SECRET_HEADER };

/** JSON field of the origin secret CloudFront sends (`previous` holds the one it sent before a rotation). */
const ORIGIN_SECRET_CURRENT = 'current';
/** Secrets Manager name of a stage's origin secret. */
export const originSecretName = (stageName: string): string => `shuttle/${stageName}/origin-verify`;
/** `-c originSecretVersion=ID`: the secret version CloudFront reads (set by the rotation command). */
export const ORIGIN_SECRET_VERSION_KEY = 'originSecretVersion';

/** One JSON line per request in the API access logs. */
const ACCESS_LOG_FORMAT = JSON.stringify({
  requestId: '$context.requestId',
  ip: '$context.identity.sourceIp',
  requestTime: '$context.requestTime',
  method: '$context.httpMethod',
  path: '$context.path',
  status: '$context.status',
  latencyMs: '$context.responseLatency',
  integrationError: '$context.integrationErrorMessage',
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
 * The member API (`/api/*`) and the admin API (`/api/admin/*`): two HTTP APIs, each split by
 * route group (functions/src/app/route-groups.ts) into Lambdas running part of the Hono app, so
 * every bundle stays under 500 KB (docs/DEPLOY.md, "Bundles"). Each group's paths are its API
 * Gateway routes; only the groups that send e-mail (verification codes, admin account mail) may.
 */
export class Api extends Construct {
  readonly memberApi: HttpApi;
  readonly adminApi: HttpApi;
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

    const groupFunction = (group: RouteGroup) => {
      const fn = handlerFunction(this, groupFunctionId(group), {
        handler: group.handler,
        description: group.description,
        environment,
        memorySize: 1024,
        reservedConcurrentExecutions: groupConcurrency(group, config),
      });
      table.grant(fn, ...TABLE_ACCESS.api);
      this.jwtSecret.grantRead(fn);
      this.originSecret.grantRead(fn);
      if (group.sendsEmail) grantSendEmail(fn, config, props.configurationSet);
      this.groupFunctions[groupFunctionId(group)] = fn;
      return fn;
    };
    const functionsOf = (api: ApiName) =>
      ROUTE_GROUPS.filter((g) => g.api === api).map((group) => ({ group, fn: groupFunction(group) }));
    const memberGroups = functionsOf('member');
    const adminGroups = functionsOf('admin');
    this.memberFunction = this.groupFunctions.MemberFunction!;
    this.adminFunction = this.groupFunctions.AdminFunction!;

    const httpApi = (name: string, groups: { group: RouteGroup; fn: NodejsFunction }[]) => {
      const api = new HttpApi(this, name, { apiName: `shuttle-${name.toLowerCase()}`, createDefaultStage: true });
      for (const { group, fn } of groups) {
        // The catch-all group keeps the integration id the API had as one function.
        const integrationId = group.paths.includes('*')
          ? `${name}Integration`
          : `${name}${groupFunctionId(group)}Integration`;
        const integration = new HttpLambdaIntegration(integrationId, fn);
        for (const path of gatewayPaths(group)) api.addRoutes({ path, methods: [HttpMethod.ANY], integration });
      }
      const stage = api.defaultStage!.node.defaultChild as CfnStage;
      stage.defaultRouteSettings = {
        throttlingRateLimit: config.apiRateLimit,
        throttlingBurstLimit: config.apiBurstLimit,
      };
      const accessLogs = new LogGroup(this, `${name}AccessLogs`, {
        retention: RetentionDays.THREE_MONTHS,
        removalPolicy: RemovalPolicy.DESTROY,
      });
      stage.accessLogSettings = { destinationArn: accessLogs.logGroupArn, format: ACCESS_LOG_FORMAT };
      return api;
    };
    this.memberApi = httpApi('MemberApi', memberGroups);
    this.adminApi = httpApi('AdminApi', adminGroups);
  }

  /**
   * What CloudFront sends in `x-origin-verify`: the secret's `current` field, resolved by
   * CloudFormation at deploy time. With `versionId` (the rotation command's deploy) the reference
   * names that version, so the template changes and CloudFront takes the new value.
   */
  originHeaderValue(versionId?: string): string {
    return SecretValue.secretsManager(this.originSecret.secretArn, {
      jsonField: ORIGIN_SECRET_CURRENT,
      ...(versionId ? { versionId } : {}),
    }).unsafeUnwrap();
  }

  get functions(): NodejsFunction[] {
    return Object.values(this.groupFunctions);
  }
}
