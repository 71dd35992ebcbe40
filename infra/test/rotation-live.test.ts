import { ROTATION_BOARD_FILTER, ROTATION_LIVE_FILTERS } from '@shuttle/functions/rotation/stream-filter.ts';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { TABLE_ACCESS } from '../lib/constructs/database.ts';
import { ROTATION_WS_STAGE, WS_REWRITE } from '../lib/constructs/rotation-live.ts';
import { synthStage } from './fixtures.ts';

/** The rotation board's WebSocket API and broadcaster (docs/ON-COURT.md, "Live"), as synthesised with cdk-nag on. */
let template: Template;
beforeAll(() => {
  template = synthStage().template;
}, 60_000);

type Resource = { Properties: Record<string, unknown> } & Record<string, unknown>;
const resources = () => template.toJSON().Resources as Record<string, Resource>;

function functionId(description: RegExp): string {
  const found = Object.entries(template.findResources('AWS::Lambda::Function')).filter(([, r]) =>
    description.test(String((r as Resource).Properties.Description)),
  );
  expect(found, `one function matches ${description}`).toHaveLength(1);
  return found[0]![0];
}

function statementsOf(fnId: string): { Action: string | string[]; Resource: unknown }[] {
  const roleId = (resources()[fnId]!.Properties.Role as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0];
  return Object.values(template.findResources('AWS::IAM::Policy'))
    .filter((p) => ((p as Resource).Properties.Roles as { Ref: string }[]).some((r) => r.Ref === roleId))
    .flatMap((p) => ((p as Resource).Properties.PolicyDocument as { Statement: never[] }).Statement);
}
/** What an event source mapping needs on the stream (not the table). */
const STREAM_READS = [
  'dynamodb:DescribeStream',
  'dynamodb:GetRecords',
  'dynamodb:GetShardIterator',
  'dynamodb:ListStreams',
];
const dynamoActions = (fnId: string) =>
  [
    ...new Set(
      statementsOf(fnId)
        .flatMap((s) => [s.Action].flat())
        .filter((a) => a.startsWith('dynamodb:') && !STREAM_READS.includes(a)),
    ),
  ].sort();

describe('rotation board WebSocket API', () => {
  it('has $connect and $disconnect on the sockets function and a $default that answers nothing', () => {
    // The only API Gateway v2 API: the member and admin APIs are REST APIs (infra/test/edge.test.ts).
    template.resourceCountIs('AWS::ApiGatewayV2::Api', 1);
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      ProtocolType: 'WEBSOCKET',
      RouteSelectionExpression: '$request.body.action',
    });
    const sockets = functionId(/^Rotation board WebSocket/);
    const integrations = template.findResources('AWS::ApiGatewayV2::Integration', {
      Properties: { IntegrationType: 'AWS_PROXY' },
    });
    const routes = Object.values(template.findResources('AWS::ApiGatewayV2::Route')) as Resource[];
    const byKey = new Map(routes.map((r) => [r.Properties.RouteKey as string, r.Properties]));
    for (const routeKey of ['$connect', '$disconnect']) {
      const target = JSON.stringify(byKey.get(routeKey)?.Target);
      const integration = Object.entries(integrations).find(([id]) => target.includes(id));
      expect(integration, routeKey).toBeDefined();
      expect(JSON.stringify((integration![1] as Resource).Properties.IntegrationUri)).toContain(sockets);
    }
    const defaultTarget = JSON.stringify(byKey.get('$default')?.Target);
    const mock = Object.entries(
      template.findResources('AWS::ApiGatewayV2::Integration', { Properties: { IntegrationType: 'MOCK' } }),
    );
    expect(mock.some(([id]) => defaultTarget.includes(id))).toBe(true);
    // No route response: the mock sends nothing back.
    template.resourceCountIs('AWS::ApiGatewayV2::RouteResponse', 0);
  });

  it('deploys the stage the CloudFront rewrite targets, throttled like the HTTP APIs', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: ROTATION_WS_STAGE,
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: Match.anyValue(), ThrottlingBurstLimit: Match.anyValue() },
    });
  });

  it('checks the viewer in the $connect function, which reads the token and origin secrets by ARN', () => {
    const fn = resources()[functionId(/^Rotation board WebSocket/)]!;
    const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(variables).toHaveProperty('JWT_SECRET_ARN');
    expect(variables).toHaveProperty('ORIGIN_SECRET_ARN');
    expect(variables).not.toHaveProperty('JWT_SECRET');
    expect(fn.Properties.Handler).toBe('index.handler');
    const actions = statementsOf(functionId(/^Rotation board WebSocket/)).flatMap((s) => [s.Action].flat());
    expect(actions).toContain('secretsmanager:GetSecretValue');
  });

  it('gives each function only the item operations it performs, and the broadcaster ManageConnections', () => {
    expect(dynamoActions(functionId(/^Rotation board WebSocket/))).toEqual([...TABLE_ACCESS.rotationSockets].sort());
    const broadcast = functionId(/^Posts each rotation board write/);
    expect(dynamoActions(broadcast)).toEqual([...TABLE_ACCESS.rotationBroadcast].sort());
    const manage = statementsOf(broadcast).find((s) => [s.Action].flat().includes('execute-api:ManageConnections'));
    // Any method on the stage's connections: POST (PostToConnection) and DELETE (DeleteConnection,
    // closing a socket whose right ended; docs/ON-COURT.md, "Live").
    expect(JSON.stringify(manage?.Resource)).toContain(`/${ROTATION_WS_STAGE}/*/@connections/*`);
    const connect = functionId(/^Rotation board WebSocket/);
    expect(statementsOf(connect).flatMap((s) => [s.Action].flat())).not.toContain('execute-api:ManageConnections');
  });

  it('lets the broadcaster reach the stage management URL and nothing else of the API', () => {
    const fn = resources()[functionId(/^Posts each rotation board write/)]!;
    const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    // The stage's callback URL: https://<api>.execute-api.<region>.<suffix>/<stage>.
    expect(JSON.stringify(variables.ROTATION_WS_ENDPOINT)).toContain(`/${ROTATION_WS_STAGE}`);
    // Rechecks read rights by recorded viewer: the function holds no token secret.
    expect(variables).not.toHaveProperty('JWT_SECRET_ARN');
    const actions = statementsOf(functionId(/^Posts each rotation board write/)).flatMap((s) => [s.Action].flat());
    expect(actions).not.toContain('secretsmanager:GetSecretValue');
  });

  it('broadcasts from its own stream mapping, filtered to board writes and ended rights, with partial batch failures', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: functionId(/^Posts each rotation board write/) },
      StartingPosition: 'LATEST',
      FilterCriteria: { Filters: ROTATION_LIVE_FILTERS.map((f) => ({ Pattern: JSON.stringify(f) })) },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      BisectBatchOnFunctionError: true,
      MaximumRecordAgeInSeconds: 60,
    });
    expect(ROTATION_BOARD_FILTER).toEqual({
      eventName: ['INSERT', 'MODIFY'],
      dynamodb: { Keys: { SK: { S: ['ROTATION'] } } },
    });
    // Lambda allows at most 5 filters on one mapping.
    expect(ROTATION_LIVE_FILTERS.length).toBeLessThanOrEqual(5);
    // The outbox consumer keeps its own mapping: two in all.
    template.resourceCountIs('AWS::Lambda::EventSourceMapping', 2);
  });

  it('alarms on throttles and errors of both functions', () => {
    for (const id of [/^Rotation board WebSocket/, /^Posts each rotation board write/].map(functionId)) {
      for (const metric of ['Throttles', 'Errors']) {
        template.hasResourceProperties('AWS::CloudWatch::Alarm', {
          MetricName: metric,
          Dimensions: [{ Name: 'FunctionName', Value: { Ref: id } }],
        });
      }
    }
  });

  it('serves /ws/* on the apps domain through CloudFront, rewriting /ws/rotation to the stage root', () => {
    const distribution = Object.values(template.findResources('AWS::CloudFront::Distribution'))[0] as Resource;
    const config = distribution.Properties.DistributionConfig as {
      CacheBehaviors: { PathPattern: string; TargetOriginId: string; ViewerProtocolPolicy: string }[];
      Origins: { Id: string; DomainName: unknown; OriginCustomHeaders?: { HeaderName: string }[] }[];
    };
    const ws = config.CacheBehaviors.find((b) => b.PathPattern === '/ws/*');
    expect(ws?.ViewerProtocolPolicy).toBe('https-only');
    const origin = config.Origins.find((o) => o.Id === ws!.TargetOriginId)!;
    expect(JSON.stringify(origin.DomainName)).toContain(
      Object.keys(template.findResources('AWS::ApiGatewayV2::Api', { Properties: { ProtocolType: 'WEBSOCKET' } }))[0],
    );
    expect(origin.OriginCustomHeaders?.map((h) => h.HeaderName)).toEqual(['x-origin-verify']);
    template.hasResourceProperties('AWS::CloudFront::Function', { FunctionCode: WS_REWRITE });
  });
});

describe('the /ws rewrite (CloudFront Function)', () => {
  const run = (uri: string) =>
    new Function(`${WS_REWRITE}; return handler;`)()({ request: { uri, querystring: {} } }) as {
      uri?: string;
      statusCode?: number;
    };
  it('sends the board socket to the stage root and refuses any other path', () => {
    expect(run('/ws/rotation').uri).toBe(`/${ROTATION_WS_STAGE}`);
    expect(run('/ws/other').statusCode).toBe(404);
    expect(run('/ws/rotation/x').statusCode).toBe(404);
  });
});
