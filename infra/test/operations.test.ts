import { TABLE_SHAPE } from '@shuttle/functions/db/table.ts';
import { withTrustedOrigin } from '@shuttle/functions/handlers/deps.ts';
import { ORIGIN_SECRET_HEADER } from '@shuttle/functions/platform/origin-guard.ts';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_ALARMS } from '../lib/constructs/alarms.ts';
import { WAF_BLOCKED_ALARM_THRESHOLD } from '../lib/edge-stack.ts';
import { BUSINESS_METRICS, METRIC_NAMESPACE } from '../lib/metrics.ts';
import { STAGE, synthStage } from './fixtures.ts';

type Resource = { Properties: Record<string, unknown> } & Record<string, unknown>;

let stage: ReturnType<typeof synthStage>;
let template: Template;

beforeAll(() => {
  stage = synthStage();
  template = stage.template;
}, 180_000);

/** Our functions (custom-resource helpers have no POWERTOOLS_SERVICE_NAME), by description. */
const ourFunctions = (t: Template = template) =>
  Object.entries(
    t.findResources('AWS::Lambda::Function', {
      Properties: { Environment: { Variables: { POWERTOOLS_SERVICE_NAME: Match.anyValue() } } },
    }),
  ).map(([id, r]): Record<string, unknown> => ({ ...(r as Resource).Properties, id }));
const fn = (description: RegExp, t: Template = template) => {
  const found = ourFunctions(t).filter((f) => description.test(String(f.Description)));
  expect(found).toHaveLength(1);
  return found[0]!;
};
const alarms = (t: Template = template) =>
  Object.values(t.findResources('AWS::CloudWatch::Alarm')).map((a) => (a as Resource).Properties);

describe('no way around the edge', () => {
  it('protects both stacks from termination', () => {
    expect(stage.main.terminationProtection).toBe(true);
    expect(stage.edge.terminationProtection).toBe(true);
  });

  it('reserves concurrency for both APIs, the webhook and the board sockets, from the stage (defaults 100, 20, 10, 20)', () => {
    // Each API is split by route group (functions/src/app/route-groups.ts): its reserved
    // concurrency is shared among its groups' functions, and they add up to the stage's.
    const reserved = (api: RegExp, t: Template = template) =>
      ourFunctions(t)
        .filter((f) => api.test(String(f.Description)))
        .map((f) => f.ReservedConcurrentExecutions as number);
    const total = (api: RegExp, t?: Template) => reserved(api, t).reduce((a, b) => a + b, 0);
    expect(reserved(/^Member API/)).toHaveLength(5);
    expect(reserved(/^Admin API/)).toHaveLength(6);
    expect(reserved(/^(Member|Admin) API/).every((n) => Number.isInteger(n) && n >= 1)).toBe(true);
    expect(total(/^Member API/)).toBe(100);
    expect(total(/^Admin API/)).toBe(20);
    expect(fn(/^Member API:/).ReservedConcurrentExecutions).toBe(40);
    expect(fn(/^Member API, share links/).ReservedConcurrentExecutions).toBe(10);
    expect(fn(/^Member API, money and levels/).ReservedConcurrentExecutions).toBe(10);
    expect(fn(/^Member API, accounts/).ReservedConcurrentExecutions).toBe(20);
    expect(fn(/^Member API, rotation board/).ReservedConcurrentExecutions).toBe(20);
    expect(fn(/^Admin API, on court/).ReservedConcurrentExecutions).toBe(6);
    expect(fn(/^Admin API, accounts/).ReservedConcurrentExecutions).toBe(2);
    expect(fn(/^Admin API, document/).ReservedConcurrentExecutions).toBe(2);
    expect(fn(/^Admin API, rotation board/).ReservedConcurrentExecutions).toBe(2);
    expect(fn(/^LINE Official Account webhook/).ReservedConcurrentExecutions).toBe(10);
    // The WebSocket API takes no WAF: its $connect function refuses floods within its own 20.
    expect(fn(/^Rotation board WebSocket/).ReservedConcurrentExecutions).toBe(20);
    expect(
      fn(/^Rotation board WebSocket/, synthStage({ ...STAGE, rotationSocketsConcurrency: 7 }).template)
        .ReservedConcurrentExecutions,
    ).toBe(7);
    // The notifier is not capped: it is no public entry point.
    expect(fn(/^Delivers new outbox/).ReservedConcurrentExecutions).toBeUndefined();
    const custom = synthStage({ ...STAGE, memberApiConcurrency: 250, adminApiConcurrency: 10 }).template;
    expect(total(/^Member API/, custom)).toBe(250);
    expect(total(/^Admin API/, custom)).toBe(10);
  }, 60_000);

  it('never generates or writes the LINE channel secret: the functions read the operator’s, by name', () => {
    const secrets = Object.values(template.findResources('AWS::SecretsManager::Secret')).map(
      (r) => (r as Resource).Properties.Description as string,
    );
    expect(secrets).toHaveLength(2);
    expect(secrets.join('\n')).not.toMatch(/LINE/);
    for (const id of [/^Delivers new outbox/, /^Retries outbox/, /^LINE Official Account webhook/]) {
      const variables = (fn(id).Environment as { Variables: Record<string, unknown> }).Variables;
      expect(variables.LINE_SECRET_ARN).toBe('shuttle/prod/line-channel');
    }
    const named = synthStage({ ...STAGE, lineChannelSecretName: 'club/line' }).template;
    const variables = (
      fn(/^LINE Official Account webhook/, named).Environment as { Variables: Record<string, unknown> }
    ).Variables;
    expect(variables.LINE_SECRET_ARN).toBe('club/line');
  }, 60_000);
});

describe('origin secret rotation', () => {
  const originHeader = (t: Template) => {
    const config = (Object.values(t.findResources('AWS::CloudFront::Distribution'))[0] as Resource).Properties
      .DistributionConfig as { Origins: { OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[] }[] };
    const values = config.Origins.flatMap((o) => o.OriginCustomHeaders ?? [])
      .filter((h) => h.HeaderName === ORIGIN_SECRET_HEADER)
      .map((h) => JSON.stringify(h.HeaderValue));
    // The member and admin APIs, and the rotation board's WebSocket API (`/ws/*`).
    expect(values).toHaveLength(3);
    return values;
  };

  it('keeps {"current"} in the secret, and CloudFront sends its current field', () => {
    template.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: Match.objectLike({ SecretStringTemplate: '{}', GenerateStringKey: 'current' }),
    });
    for (const value of originHeader(template)) expect(value).toMatch(/:SecretString:current::}}/);
  });

  it('pins the version the rotation command names, so the deploy changes the template', () => {
    const { app } = synthStage(STAGE, undefined, { originSecretVersion: 'v-2' });
    const pinned = originHeader(synthStage.templateOf(app));
    for (const value of pinned) expect(value).toMatch(/:SecretString:current::v-2}}/);
  }, 60_000);

  it('lets the APIs accept the current and the previous value, and nothing else', async () => {
    const app = async () => ({ statusCode: 200, body: 'app' });
    let secret = JSON.stringify({ current: 'new-value', previous: 'old-value' });
    const handler = withTrustedOrigin(app, { ORIGIN_SECRET_ARN: 'arn:origin' }, async () => secret);
    const call = (value?: string) =>
      handler({ headers: value ? { [ORIGIN_SECRET_HEADER]: value } : {} } as never).then((r) => r.statusCode);
    expect(await call('new-value')).toBe(200);
    expect(await call('old-value')).toBe(200);
    expect(await call('guess')).toBe(403);
    expect(await call()).toBe(403);
    secret = JSON.stringify({ current: 'new-value' });
    expect(await call('old-value')).toBe(403);
    expect(await call('new-value')).toBe(200);
    // Stacks deployed before the JSON format keep working.
    secret = 'plain-value';
    expect(await call('plain-value')).toBe(200);
    secret = '{"current": ""}';
    expect(await call('')).toBe(403);
  });
});

describe('metrics and alarms', () => {
  it('hands every function the metric namespace and service name the alarms watch', () => {
    for (const f of ourFunctions()) {
      expect((f.Environment as { Variables: Record<string, unknown> }).Variables).toMatchObject({
        POWERTOOLS_METRICS_NAMESPACE: METRIC_NAMESPACE,
        POWERTOOLS_SERVICE_NAME: 'shuttle-prod',
      });
    }
  });

  it('alarm on each API’s p99 latency, 4xx share and 5xx share', () => {
    for (const api of ['MemberApi', 'AdminApi']) {
      const mine = alarms().filter((a) => String(a.AlarmDescription).startsWith(`${api}:`));
      const latency = mine.find((a) => a.ExtendedStatistic === 'p99');
      expect(latency).toMatchObject({ MetricName: 'Latency', Threshold: API_ALARMS.p99LatencyMs });
      const expressions = mine.flatMap((a) => (a.Metrics as { Expression?: string }[] | undefined) ?? []);
      const ratios = expressions.filter((m) => m.Expression?.includes('errors / requests'));
      expect(ratios).toHaveLength(2);
      const used = mine.flatMap((a) =>
        ((a.Metrics as { MetricStat?: { Metric: { MetricName: string } } }[] | undefined) ?? []).map(
          (m) => m.MetricStat?.Metric.MetricName,
        ),
      );
      expect(used).toEqual(expect.arrayContaining(['4XXError', '5XXError', 'Count']));
      expect(mine.find((a) => a.Threshold === API_ALARMS.serverErrorRate)).toBeDefined();
      expect(mine.find((a) => a.Threshold === API_ALARMS.clientErrorRate)).toBeDefined();
    }
  });

  it('alarm on abandoned notifications from the EMF metric, not log text', () => {
    const alarm = alarms().find((a) => String(a.AlarmDescription).startsWith('A notification was given up'));
    expect(alarm).toMatchObject({
      Namespace: METRIC_NAMESPACE,
      MetricName: BUSINESS_METRICS.abandoned,
      Dimensions: [{ Name: 'service', Value: 'shuttle-prod' }],
    });
    // Only the metric: no log-text filter is left to match.
    expect(template.findResources('AWS::Logs::MetricFilter')).toEqual({});
    expect(alarms().some((a) => a.MetricName === BUSINESS_METRICS.quotaRefusals)).toBe(true);
  });

  it('alarm on WAF blocks in us-east-1, to the same address', () => {
    stage.edgeTemplate.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/WAFV2',
      MetricName: 'BlockedRequests',
      Dimensions: Match.arrayWith([
        { Name: 'Rule', Value: 'ALL' },
        { Name: 'WebACL', Value: 'shuttle-prod' },
      ]),
      Threshold: WAF_BLOCKED_ALARM_THRESHOLD,
    });
    stage.edgeTemplate.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: STAGE.alarmEmail,
    });
  });
});

describe('account', () => {
  it('may be set: the synth (cdk-nag acknowledgements included) passes and the stacks are bound to it', () => {
    const account = STAGE.certificateArn.split(':')[4]!;
    const { main, edge, template: pinned } = synthStage({ ...STAGE, account });
    expect(main.account).toBe(account);
    expect(edge.account).toBe(account);
    expect(JSON.stringify(pinned.toJSON())).toContain(`cdk-hnb659fds-assets-${account}-ap-northeast-1`);
  }, 60_000);
});

describe('restored table', () => {
  const restored = {
    ...STAGE,
    tableName: 'shuttle-prod-restored-0612',
    tableStreamArn:
      'arn:aws:dynamodb:ap-northeast-1:493817265014:table/shuttle-prod-restored-0612/stream/2026-06-12T03:04:05.678',
  };

  it('runs the stage on it: no table of its own, grants, the stream mapping and alarms follow', () => {
    const t = synthStage(restored).template;
    t.resourceCountIs('AWS::DynamoDB::Table', 0);
    t.hasResourceProperties('AWS::Lambda::EventSourceMapping', { EventSourceArn: restored.tableStreamArn });
    for (const f of ourFunctions(t)) {
      expect((f.Environment as { Variables: Record<string, unknown> }).Variables.TABLE_NAME).toBe(restored.tableName);
    }
    const policies = JSON.stringify(t.findResources('AWS::IAM::Policy'));
    expect(policies).toContain(`:table/${restored.tableName}"`);
    expect(policies).toContain(`:table/${restored.tableName}/index/*`);
    const throttles = alarms(t).find((a) => a.AlarmDescription === 'DynamoDB throttled requests');
    expect(JSON.stringify(throttles)).toContain(restored.tableName);
    expect(TABLE_SHAPE.ttlAttribute).toBe('ttl');
  }, 60_000);
});
