import { gatewayPaths, ROUTE_GROUPS } from '@shuttle/functions/app/route-groups.ts';
import { createTableInput } from '@shuttle/functions/db/table.ts';
import { OUTBOX_INSERT_FILTER } from '@shuttle/functions/notifications/stream-filter.ts';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUNDLING, POWERTOOLS_VERSION, powertoolsLayerParameter } from '../lib/bundling.ts';
import { restRoutes, synthStage } from './fixtures.ts';

let template: Template;

beforeAll(() => {
  // CDK's CloudFormation validation and cdk-nag stay on: they are most of the seconds this takes.
  template = synthStage().template;
}, 60_000);

type Resource = { Properties: Record<string, unknown> } & Record<string, unknown>;

/** Our functions (custom-resource helpers have no POWERTOOLS_SERVICE_NAME), by their description. */
function functionId(description: RegExp): string {
  const found = Object.entries(
    template.findResources('AWS::Lambda::Function', {
      Properties: { Environment: { Variables: { POWERTOOLS_SERVICE_NAME: Match.anyValue() } } },
    }),
  ).filter(([, r]) => description.test(String((r as Resource).Properties.Description)));
  expect(found, `one function matches ${description}`).toHaveLength(1);
  return found[0]![0];
}

interface Statement {
  Action: string | string[];
  Resource: unknown;
  Condition?: unknown;
}

/** Every IAM statement attached to a function's execution role. */
function statementsOf(fnId: string): Statement[] {
  const fn = template.toJSON().Resources[fnId] as Resource;
  const roleId = (fn.Properties.Role as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0];
  return Object.values(template.findResources('AWS::IAM::Policy'))
    .filter((p) => ((p as Resource).Properties.Roles as { Ref: string }[]).some((r) => r.Ref === roleId))
    .flatMap((p) => ((p as Resource).Properties.PolicyDocument as { Statement: Statement[] }).Statement);
}

const actionsOf = (fnId: string) => statementsOf(fnId).flatMap((s) => [s.Action].flat());
const sorted = (values: string[]) => [...new Set(values)].sort();

describe('database', () => {
  it('has the key schema and indexes of the local table definition', () => {
    const shape = createTableInput('shape');
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: shape.KeySchema,
      AttributeDefinitions: Match.arrayEquals(shape.AttributeDefinitions!),
      GlobalSecondaryIndexes: shape.GlobalSecondaryIndexes!.map((gsi) => ({
        IndexName: gsi.IndexName,
        KeySchema: gsi.KeySchema,
        Projection: { ProjectionType: 'ALL' },
      })),
    });
  });

  it('is on-demand, with point-in-time recovery, a new-and-old-image stream, TTL, and is retained', () => {
    template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: {
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
        TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true },
        DeletionProtectionEnabled: true,
      },
    });
  });
});

describe('functions', () => {
  it('run on Node.js 24 on arm64 with X-Ray tracing, for every handler', () => {
    const ours = template.findResources('AWS::Lambda::Function', {
      Properties: { Environment: { Variables: { POWERTOOLS_SERVICE_NAME: Match.anyValue() } } },
    });
    // One per API route group, the notifier's five (outbox stream and sweep, reminders, sign-up
    // jobs, LINE webhook) and the rotation board's two (constructs/rotation-live.ts).
    expect(Object.keys(ours)).toHaveLength(ROUTE_GROUPS.length + 5 + 2);
    for (const fn of Object.values(ours) as Resource[]) {
      expect(fn.Properties.Runtime).toBe('nodejs24.x');
      expect(fn.Properties.Architectures).toEqual(['arm64']);
      expect(fn.Properties.Handler).toBe('index.handler');
      expect(fn.Properties.TracingConfig).toEqual({ Mode: 'Active' });
    }
  });

  it('load Powertools from its official layer at the tested version, and carry no source map in the zip', () => {
    const ours = Object.values(
      template.findResources('AWS::Lambda::Function', {
        Properties: { Environment: { Variables: { POWERTOOLS_SERVICE_NAME: Match.anyValue() } } },
      }),
    ) as Resource[];
    // One SSM public parameter names the layer of the exact version in package-lock.json.
    const parameters = Object.entries(
      template.toJSON().Parameters as Record<string, { Type: string; Default: string }>,
    ).filter(([, p]) => p.Default === powertoolsLayerParameter(POWERTOOLS_VERSION));
    expect(POWERTOOLS_VERSION).toMatch(/^2\.\d+\.\d+$/);
    expect(parameters).toHaveLength(1);
    const [[parameterId, parameter]] = parameters as unknown as [[string, { Type: string }]];
    expect(parameter.Type).toBe('AWS::SSM::Parameter::Value<String>');
    for (const fn of ours) {
      expect(fn.Properties.Layers).toEqual([{ Ref: parameterId }]);
      const variables = (fn.Properties.Environment as { Variables: Record<string, string> }).Variables;
      expect(variables).toMatchObject({
        POWERTOOLS_METRICS_NAMESPACE: 'Shuttle',
        POWERTOOLS_SERVICE_NAME: 'shuttle-prod',
      });
      expect(variables.NODE_OPTIONS ?? '').not.toContain('--enable-source-maps');
    }
    expect(BUNDLING.external).toEqual(['@aws-lambda-powertools/*']);
  });

  it('build every link on the stage domain', () => {
    const ours = template.findResources('AWS::Lambda::Function', {
      Properties: { Environment: { Variables: { POWERTOOLS_SERVICE_NAME: Match.anyValue() } } },
    });
    for (const fn of Object.values(ours) as Resource[]) {
      const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(variables.APP_BASE_URL).toBe('https://shuttle.badminton.tw');
    }
  });

  it('receive secrets by ARN, never by value', () => {
    const member = template.toJSON().Resources[functionId(/^Member API:/)] as Resource;
    const variables = (member.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(variables).toHaveProperty('JWT_SECRET_ARN');
    expect(variables).not.toHaveProperty('JWT_SECRET');
    expect(variables.LINE_LOGIN_CHANNEL_ID).toBe('2001234567');
  });
});

describe('least privilege', () => {
  it('lets no function Scan the table or manage it', () => {
    const all = Object.keys(
      template.findResources('AWS::Lambda::Function', {
        Properties: { Environment: { Variables: { POWERTOOLS_SERVICE_NAME: Match.anyValue() } } },
      }),
    ).flatMap(actionsOf);
    expect(all.filter((a) => /^dynamodb:(Scan|\*|CreateTable|DeleteTable|UpdateTable)$/.test(a))).toEqual([]);
  });

  it('lets only the functions that email send through SES, as the configured sender', () => {
    // Of the APIs' route groups (functions/src/app/route-groups.ts), only those whose calls e-mail.
    const emailing = [
      /^Member API, accounts/,
      /^Admin API, accounts/,
      /^Admin API, teams/,
      /^Delivers new outbox/,
      /^Retries outbox/,
    ].map(functionId);
    for (const id of emailing) {
      const ses = statementsOf(id).find((s) => JSON.stringify(s.Action).includes('ses:SendEmail'));
      expect(ses).toMatchObject({
        Action: ['ses:SendEmail', 'ses:SendRawEmail'],
        Condition: { StringEquals: { 'ses:FromAddress': 'no-reply@badminton.tw' } },
      });
      // A domain identity or an address identity: whichever is verified authorises the send.
      const resources = JSON.stringify(ses!.Resource);
      expect(resources).toContain(':identity/badminton.tw');
      expect(resources).toContain(':identity/no-reply@badminton.tw');
      expect(resources).toContain(':configuration-set/shuttle-prod');
    }
    const quiet = [
      /^LINE Official Account webhook/,
      /^Writes booking reminders/,
      /^Draws sign-up lotteries/,
      /^Member API:/,
      /^Admin API, on court/,
      /^Admin API, money/,
    ];
    for (const id of quiet.map(functionId)) expect(actionsOf(id).filter((a) => a.startsWith('ses:'))).toEqual([]);
  });

  it('gives the webhook and the reminder job only the item operations they perform', () => {
    const dynamo = (id: string) => sorted(actionsOf(id).filter((a) => a.startsWith('dynamodb:')));
    expect(dynamo(functionId(/^LINE Official Account webhook/))).toEqual([
      'dynamodb:DeleteItem',
      'dynamodb:GetItem',
      'dynamodb:PutItem',
    ]);
    expect(dynamo(functionId(/^Writes booking reminders/))).toEqual(['dynamodb:PutItem', 'dynamodb:Query']);
    expect(dynamo(functionId(/^Draws sign-up lotteries/))).toEqual([
      'dynamodb:ConditionCheckItem',
      'dynamodb:DeleteItem',
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:Query',
      'dynamodb:UpdateItem',
    ]);
    expect(actionsOf(functionId(/^Draws sign-up lotteries/)).some((a) => a.startsWith('secretsmanager:'))).toBe(false);
    expect(actionsOf(functionId(/^Writes booking reminders/)).some((a) => a.startsWith('secretsmanager:'))).toBe(false);
  });

  it('lets the API functions read the token secret but not the LINE channel secret', () => {
    const secretReads = (id: string) =>
      statementsOf(id)
        .filter((s) => [s.Action].flat().includes('secretsmanager:GetSecretValue'))
        .map((s) => JSON.stringify(s.Resource));
    for (const group of [/^Member API:/, /^Member API, accounts/, /^Admin API, on court/, /^Admin API, money/]) {
      const reads = secretReads(functionId(group));
      expect(reads).toHaveLength(2);
      expect(reads.join()).toMatch(/JwtSecret/);
      expect(reads.join()).toMatch(/OriginSecret/);
      expect(reads.join()).not.toMatch(/line-channel/);
    }
    const webhook = secretReads(functionId(/^LINE Official Account webhook/));
    expect(webhook).toHaveLength(1);
    // The operator's secret, by its name (created outside the stack, docs/DEPLOY.md).
    expect(webhook[0]).toMatch(/:secret:shuttle\/prod\/line-channel-\?{6}/);
  });
});

describe('APIs', () => {
  it('route /api/* to the member function and /api/admin/* to the admin function', () => {
    // Two regional REST APIs (the rotation board's WebSocket API: infra/test/rotation-live.test.ts).
    template.resourceCountIs('AWS::ApiGateway::RestApi', 2);
    const routes = restRoutes(template);
    expect(routes['ANY /api/{proxy+}']!.fn).toBe(functionId(/^Member API: sessions/));
    expect(routes['ANY /api/admin/{proxy+}']!.fn).toBe(functionId(/^Admin API, on court/));
    expect(routes['ANY /api/{proxy+}']!.api).not.toBe(routes['ANY /api/admin/{proxy+}']!.api);
  });

  it('send each route group’s paths to that group’s function, and nothing else', () => {
    const resources = template.toJSON().Resources as Record<string, Resource>;
    // Route → the function its Lambda proxy integration invokes, by description.
    const served: Record<string, string> = {};
    for (const [route, { fn, type }] of Object.entries(restRoutes(template))) {
      // The LINE webhook's route: infra/test/edge.test.ts.
      if (route.endsWith(' /webhook/line')) continue;
      expect(type, route).toBe('AWS_PROXY');
      served[route] = String(resources[fn]!.Properties.Description);
    }
    const expected = Object.fromEntries(
      ROUTE_GROUPS.flatMap((g) => gatewayPaths(g).map((path) => [`ANY ${path}`, g.description])),
    );
    expect(served).toEqual(expected);
    expect(served['ANY /api/admin/login']).toMatch(/^Admin API, accounts/);
    expect(served['ANY /api/checkState/email/{proxy+}']).toMatch(/^Member API, accounts/);
    expect(served['ANY /api/admin/reports/{proxy+}']).toMatch(/^Admin API, money/);
  });

  it('alarm on throttles and errors of every route group’s function', () => {
    const alarms = Object.values(template.findResources('AWS::CloudWatch::Alarm')).map(
      (a) => (a as Resource).Properties,
    );
    for (const group of ROUTE_GROUPS) {
      const fnId = functionId(new RegExp(`^${group.description.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
      const mine = alarms.filter((a) => JSON.stringify(a.Dimensions ?? []).includes(`"${fnId}"`));
      expect(mine.map((a) => a.MetricName).sort(), group.handler).toEqual(['Errors', 'Throttles']);
    }
  });

  it('throttle each stage so overload answers 429 instead of reaching the table', () => {
    template.resourceCountIs('AWS::ApiGateway::Stage', 2);
    template.allResourcesProperties('AWS::ApiGateway::Stage', {
      MethodSettings: Match.arrayWith([
        Match.objectLike({ HttpMethod: '*', ResourcePath: '/*', ThrottlingRateLimit: 200, ThrottlingBurstLimit: 400 }),
      ]),
    });
  });
});

describe('notifications', () => {
  it('invoke the stream consumer only for inserted outbox items, with partial batch failures and a DLQ', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: functionId(/^Delivers new outbox/) },
      StartingPosition: 'LATEST',
      FilterCriteria: { Filters: [{ Pattern: JSON.stringify(OUTBOX_INSERT_FILTER) }] },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      BisectBatchOnFunctionError: true,
      DestinationConfig: { OnFailure: { Destination: Match.anyValue() } },
    });
  });

  it('run the lottery draws and waitlist-offer expiry every minute', () => {
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(1 minute)',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [functionId(/^Draws sign-up lotteries/), 'Arn'] } })],
    });
  });

  it('retry LINE deliveries while the channel token is not filled in', () => {
    for (const id of [/^Delivers new outbox/, /^Retries outbox/].map(functionId)) {
      const fn = template.toJSON().Resources[id] as Resource;
      const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(variables).toMatchObject({ LINE_REQUIRED: 'true', SES_CONFIGURATION_SET: 'shuttle-prod' });
      expect(variables).toHaveProperty('LINE_SECRET_ARN');
    }
  });

  it('run reminders and the retry sweep on schedules', () => {
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(15 minutes)',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [functionId(/^Writes booking reminders/), 'Arn'] } })],
    });
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(5 minutes)',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [functionId(/^Retries outbox/), 'Arn'] } })],
    });
  });

  it('have no public function URL: the LINE webhook is served behind CloudFront (infra/test/edge.test.ts)', () => {
    template.resourceCountIs('AWS::Lambda::Url', 0);
  });
});
