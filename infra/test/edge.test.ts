import { ROUTE_GROUPS } from '@shuttle/functions/app/route-groups.ts';
import { LINE_WEBHOOK_PATH as FUNCTION_WEBHOOK_PATH } from '@shuttle/functions/line/webhook.ts';
import { ORIGIN_SECRET_HEADER, UNTRUSTED_ORIGIN_FAILURE } from '@shuttle/functions/platform/origin-guard.ts';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_ALARMS } from '../lib/constructs/alarms.ts';
import { API_STAGE_NAME, LINE_WEBHOOK_PATH } from '../lib/constructs/api.ts';
import { WAF_BLOCKED_ALARM_THRESHOLD } from '../lib/edge-stack.ts';
import { restRoutes, STAGE, synthStage } from './fixtures.ts';

/**
 * No way around the edge (docs/DEPLOY.md, "Edge protection"): the APIs and the LINE webhook are
 * reachable only through CloudFront, and the APIs' regional WAF refuses every request without the
 * origin header before API Gateway's throttle or a function sees it.
 */
type Resource = { Type: string; Properties: Record<string, unknown>; DependsOn?: string[] };
type Statement = Record<string, unknown>;

let template: Template;
let pinned: Template;

beforeAll(() => {
  template = synthStage().template;
  pinned = synthStage.templateOf(synthStage(STAGE, undefined, { originSecretVersion: 'v-2' }).app);
}, 180_000);

const resourcesOf = (t: Template, type: string) => Object.entries(t.findResources(type)) as [string, Resource][];
const only = (t: Template, type: string) => {
  const all = resourcesOf(t, type);
  expect(all, type).toHaveLength(1);
  return all[0]!;
};
const functionId = (description: RegExp) => {
  const found = resourcesOf(template, 'AWS::Lambda::Function').filter(([, r]) =>
    description.test(String(r.Properties.Description)),
  );
  expect(found).toHaveLength(1);
  return found[0]![0];
};
const json = (value: unknown) => JSON.stringify(value);
const distribution = (t: Template) => only(t, 'AWS::CloudFront::Distribution');
const distributionConfig = (t: Template) =>
  distribution(t)[1].Properties.DistributionConfig as {
    Origins: {
      Id: string;
      DomainName: unknown;
      OriginPath?: string;
      OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[];
    }[];
    CacheBehaviors: { PathPattern: string; TargetOriginId: string; AllowedMethods: string[]; CachePolicyId: string }[];
  };
/** The web ACL's statements that let a request through, one per accepted header value. */
const allowed = (t: Template): Statement[] => {
  const [, acl] = only(t, 'AWS::WAFv2::WebACL');
  const rules = acl.Properties.Rules as { Action: unknown; Statement: Statement }[];
  expect(rules).toHaveLength(1);
  expect(rules[0]!.Action).toEqual({ Allow: {} });
  const statement = rules[0]!.Statement;
  return statement.OrStatement ? (statement.OrStatement as { Statements: Statement[] }).Statements : [statement];
};
describe('APIs behind a regional WAF', () => {
  it('are two regional REST APIs; the only API Gateway v2 API left is the rotation board’s WebSocket', () => {
    template.resourcePropertiesCountIs('AWS::ApiGatewayV2::Api', { ProtocolType: 'HTTP' }, 0);
    template.resourcePropertiesCountIs('AWS::ApiGatewayV2::Api', { ProtocolType: 'WEBSOCKET' }, 1);
    const apis = resourcesOf(template, 'AWS::ApiGateway::RestApi');
    expect(apis).toHaveLength(2);
    for (const [, api] of apis) {
      expect(api.Properties.EndpointConfiguration).toEqual({ Types: ['REGIONAL'] });
      // Gzip answers (base64 from Lambda) reach the client as bytes.
      expect(api.Properties.BinaryMediaTypes).toEqual(['*/*']);
    }
    // No account-wide CloudWatch role is taken over (cloudWatchRole: false).
    template.resourceCountIs('AWS::ApiGateway::Account', 0);
    template.allResourcesProperties('AWS::ApiGateway::Stage', { StageName: API_STAGE_NAME });
  });

  it('block by default with the functions’ 403 failure envelope', () => {
    const [, acl] = only(template, 'AWS::WAFv2::WebACL');
    expect(acl.Properties).toMatchObject({
      Scope: 'REGIONAL',
      DefaultAction: { Block: { CustomResponse: { ResponseCode: 403, CustomResponseBodyKey: 'untrusted-origin' } } },
    });
    const body = (acl.Properties.CustomResponseBodies as Record<string, { ContentType: string; Content: string }>)[
      'untrusted-origin'
    ]!;
    expect(body.ContentType).toBe('APPLICATION_JSON');
    expect(JSON.parse(body.Content)).toEqual({
      success: false,
      message: 'You do not have permission to do this',
      error: 'FORBIDDEN',
    });
    expect(JSON.parse(body.Content)).toEqual(UNTRUSTED_ORIGIN_FAILURE);
  });

  it('let through only x-origin-verify equal to the secret’s current value', () => {
    const statements = allowed(template);
    expect(statements).toHaveLength(1);
    const match = statements[0]!.ByteMatchStatement as Record<string, unknown>;
    expect(match).toMatchObject({
      FieldToMatch: { SingleHeader: { Name: ORIGIN_SECRET_HEADER } },
      PositionalConstraint: 'EXACTLY',
      TextTransformations: [{ Priority: 0, Type: 'NONE' }],
    });
    expect(json(match.SearchString)).toMatch(/resolve:secretsmanager:.*OriginSecret.*:SecretString:current::}}/);
  });

  it('let through the pinned version’s current and previous values during the rotation command’s deploy', () => {
    const searched = allowed(pinned).map((s) => json((s.ByteMatchStatement as Record<string, unknown>).SearchString));
    expect(searched).toHaveLength(2);
    expect(searched[0]).toMatch(/:SecretString:current::v-2}}/);
    expect(searched[1]).toMatch(/:SecretString:previous::v-2}}/);
    // CloudFront sends that version's current value, which the WAF already lets through.
    const sent = distributionConfig(pinned).Origins.flatMap((o) => o.OriginCustomHeaders ?? []);
    for (const header of sent) expect(json(header.HeaderValue)).toMatch(/:SecretString:current::v-2}}/);
  });

  it('guard both REST API stages', () => {
    const associations = resourcesOf(template, 'AWS::WAFv2::WebACLAssociation');
    expect(associations).toHaveLength(2);
    const [aclId] = only(template, 'AWS::WAFv2::WebACL');
    const stages = resourcesOf(template, 'AWS::ApiGateway::Stage');
    const guarded = associations.map(([, a]) => {
      expect(a.Properties.WebACLArn).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
      const arn = json(a.Properties.ResourceArn);
      expect(arn).toContain(':apigateway:');
      const stage = stages.find(([id]) => arn.includes(`{"Ref":"${id}"}`));
      expect(stage, arn).toBeDefined();
      // The stage's own API.
      expect(arn).toContain(json(stage![1].Properties.RestApiId));
      return stage![0];
    });
    expect(new Set(guarded).size).toBe(2);
  });

  it('are updated before CloudFront: the distribution depends on the web ACL', () => {
    const [aclId] = only(template, 'AWS::WAFv2::WebACL');
    expect(distribution(template)[1].DependsOn).toEqual(expect.arrayContaining([aclId]));
  });

  it('are CloudFront’s origins at the execute-api host, with the stage as origin path', () => {
    const config = distributionConfig(template);
    const apiIds = resourcesOf(template, 'AWS::ApiGateway::RestApi').map(([id]) => id);
    const origins = config.Origins.filter((o) => apiIds.some((id) => json(o.DomainName).includes(`"${id}"`)));
    expect(origins).toHaveLength(2);
    for (const origin of origins) {
      expect(json(origin.DomainName)).toMatch(/\.execute-api\./);
      expect(origin.OriginPath).toBe(`/${API_STAGE_NAME}`);
      expect(origin.OriginCustomHeaders!.map((h) => h.HeaderName)).toEqual([ORIGIN_SECRET_HEADER]);
    }
    const target = (pattern: string) => config.CacheBehaviors.find((b) => b.PathPattern === pattern)!.TargetOriginId;
    expect(target('/api/admin/*')).not.toBe(target('/api/*'));
  });

  it('give every API function reserved concurrency', () => {
    const resources = template.toJSON().Resources as Record<string, Resource>;
    const served = new Set(Object.values(restRoutes(template)).map((r) => r.fn));
    // Every route group's function and the webhook.
    expect(served.size).toBe(ROUTE_GROUPS.length + 1);
    for (const fn of served) {
      expect(resources[fn]!.Properties.ReservedConcurrentExecutions, fn).toBeGreaterThanOrEqual(1);
    }
  });
});

describe('the LINE webhook behind the edge', () => {
  it('has no function URL; POST /webhook/line on the member API invokes the webhook function', () => {
    template.resourceCountIs('AWS::Lambda::Url', 0);
    expect(LINE_WEBHOOK_PATH).toBe(FUNCTION_WEBHOOK_PATH);
    const routes = restRoutes(template);
    const webhook = routes[`POST ${LINE_WEBHOOK_PATH}`]!;
    expect(webhook).toMatchObject({ fn: functionId(/^LINE Official Account webhook/), type: 'AWS_PROXY' });
    expect(webhook.api).toBe(routes['ANY /api/{proxy+}']!.api);
    expect(Object.keys(routes).filter((r) => r.endsWith('/webhook/line'))).toEqual([`POST ${LINE_WEBHOOK_PATH}`]);
  });

  it('is a CloudFront behaviour to the member API: POST allowed, nothing cached, every viewer header sent', () => {
    const config = distributionConfig(template);
    const webhook = config.CacheBehaviors.find((b) => b.PathPattern === '/webhook/*')!;
    const member = config.CacheBehaviors.find((b) => b.PathPattern === '/api/*')!;
    expect(webhook.TargetOriginId).toBe(member.TargetOriginId);
    expect(webhook.AllowedMethods).toContain('POST');
    // CachingDisabled and AllViewerExceptHostHeader (the body and x-line-signature go on).
    expect(webhook).toMatchObject({
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad',
      OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac',
    });
  });

  it('is published as https://<domainName>/webhook/line', () => {
    template.hasOutput('LineWebhookUrl', { Value: `https://${STAGE.domainName}/webhook/line` });
  });
});

describe('alarms on the REST APIs and their WAF', () => {
  const alarms = () => resourcesOf(template, 'AWS::CloudWatch::Alarm').map(([, a]) => a.Properties);
  const stageIds = () => resourcesOf(template, 'AWS::ApiGateway::Stage').map(([id]) => id);
  /** ApiName and Stage, the stage being one of the two REST API stages. */
  const onStage = (metric: Record<string, unknown>) => {
    const dimensions = metric.Dimensions as { Name: string; Value: unknown }[];
    expect(dimensions.map((d) => d.Name).sort()).toEqual(['ApiName', 'Stage']);
    const stage = dimensions.find((d) => d.Name === 'Stage')!.Value as { Ref: string };
    expect(stageIds()).toContain(stage.Ref);
  };

  it('watch p99 latency, 4xx and 5xx of each API stage with the same thresholds', () => {
    for (const api of ['MemberApi', 'AdminApi']) {
      const mine = alarms().filter((a) => String(a.AlarmDescription).startsWith(`${api}:`));
      const latency = mine.find((a) => a.ExtendedStatistic === 'p99')!;
      expect(latency).toMatchObject({
        Namespace: 'AWS/ApiGateway',
        MetricName: 'Latency',
        Threshold: API_ALARMS.p99LatencyMs,
      });
      onStage(latency);
      const count = mine.find((a) => a.MetricName === '5XXError')!;
      expect(count).toMatchObject({ Namespace: 'AWS/ApiGateway', Threshold: 5 });
      const stats = mine.flatMap((a) =>
        ((a.Metrics as { MetricStat?: { Metric: { MetricName: string; Dimensions: unknown } } }[]) ?? []).flatMap(
          (m) => (m.MetricStat ? [m.MetricStat.Metric] : []),
        ),
      );
      expect(stats.map((m) => m.MetricName).sort()).toEqual(['4XXError', '5XXError', 'Count', 'Count']);
      for (const m of stats) onStage(m as unknown as Record<string, unknown>);
      expect(mine.find((a) => a.Threshold === API_ALARMS.clientErrorRate)).toBeDefined();
      expect(mine.find((a) => a.Threshold === API_ALARMS.serverErrorRate)).toBeDefined();
    }
  });

  it('watch the requests the APIs’ WAF blocked', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/WAFV2',
      MetricName: 'BlockedRequests',
      Dimensions: Match.arrayWith([
        { Name: 'Region', Value: STAGE.region },
        { Name: 'Rule', Value: 'ALL' },
        { Name: 'WebACL', Value: 'shuttle-prod-origin' },
      ]),
      Threshold: WAF_BLOCKED_ALARM_THRESHOLD,
    });
    const [, acl] = only(template, 'AWS::WAFv2::WebACL');
    expect(acl.Properties.Name).toBe('shuttle-prod-origin');
  });
});
