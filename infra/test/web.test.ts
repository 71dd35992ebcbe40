import { ROUTE_GROUPS } from '@shuttle/functions/app/route-groups.ts';
import {
  contentSecurityPolicy,
  IMMUTABLE_CACHE_CONTROL,
  NO_CACHE_CONTROL,
} from '@shuttle/functions/platform/security-headers.ts';
import { adminRoutes, memberRoutes } from '@shuttle/shared';
import type { Stack } from 'aws-cdk-lib';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildStage } from '../lib/app.ts';
import { parseStageConfig } from '../lib/config.ts';
import { LOGIN_PATH_PREFIXES } from '../lib/edge-stack.ts';
import { fakeBuilds, STAGE, synthStage, testApp } from './fixtures.ts';

let stage: ReturnType<typeof synthStage>;
let template: Template;

beforeAll(() => {
  stage = synthStage();
  template = stage.template;
}, 60_000);

type Resource = { Properties: Record<string, unknown> } & Record<string, unknown>;
const only = (type: string) => {
  const all = Object.values(template.findResources(type)) as Resource[];
  expect(all, type).toHaveLength(1);
  return all[0]!.Properties;
};
interface DistributionConfig {
  Aliases: string[];
  ViewerCertificate: Record<string, unknown>;
  WebACLId: unknown;
  Logging: Record<string, unknown>;
  DefaultRootObject: string;
  DefaultCacheBehavior: Record<string, unknown>;
  CacheBehaviors: ({ PathPattern: string; AllowedMethods: string[] } & Record<string, unknown>)[];
  Origins: { Id: string; OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[] }[];
}
const distribution = () => only('AWS::CloudFront::Distribution').DistributionConfig as DistributionConfig;

describe('stacks', () => {
  it('are named after the stage: the app in its region, the web ACL in us-east-1', () => {
    expect(stage.main.stackName).toBe('Shuttle-prod');
    expect(stage.main.region).toBe('ap-northeast-1');
    expect(stage.edge.stackName).toBe('ShuttleEdge-prod');
    expect(stage.edge.region).toBe('us-east-1');
  });
});

describe('edge protection', () => {
  it('puts a CLOUDFRONT web ACL with managed rules and rate rules on the distribution', () => {
    stage.edgeTemplate.hasResourceProperties('AWS::WAFv2::WebACL', {
      Scope: 'CLOUDFRONT',
      DefaultAction: { Allow: {} },
      // In priority order: the login rule before the API rule, both before the managed rules.
      Rules: Match.arrayWith([
        Match.objectLike({
          Name: 'LoginRateLimit',
          Statement: { RateBasedStatement: Match.objectLike({ Limit: 100 }) },
        }),
        Match.objectLike({
          Name: 'ApiRateLimit',
          Action: { Block: Match.anyValue() },
          Statement: {
            RateBasedStatement: Match.objectLike({
              AggregateKeyType: 'IP',
              Limit: 2000,
              ScopeDownStatement: {
                ByteMatchStatement: Match.objectLike({ SearchString: '/api/', PositionalConstraint: 'STARTS_WITH' }),
              },
            }),
          },
        }),
        Match.objectLike({
          Statement: {
            ManagedRuleGroupStatement: Match.objectLike({ VendorName: 'AWS', Name: 'AWSManagedRulesCommonRuleSet' }),
          },
        }),
      ]),
    });
    // The ACL's ARN crosses regions into the distribution.
    expect(JSON.stringify(distribution().WebACLId)).toMatch(/ExportsReader/);
  });

  it('rate-limits login and code paths that exist', () => {
    const paths = [
      ...Object.keys(memberRoutes).map((p) => `/api/${p}`),
      ...Object.keys(adminRoutes).map((p) => `/api/admin/${p}`),
    ];
    for (const prefix of LOGIN_PATH_PREFIXES) {
      expect(
        paths.some((p) => p.startsWith(prefix)),
        prefix,
      ).toBe(true);
    }
    for (const expected of ['/api/loginLine', '/api/admin/login', '/api/checkState/email/sendCode']) {
      expect(
        LOGIN_PATH_PREFIXES.some((prefix) => expected.startsWith(prefix)),
        expected,
      ).toBe(true);
    }
  });

  it('sends the origin secret to the APIs, and the API functions check it', () => {
    // The member and admin APIs, and the rotation board's WebSocket API (its $connect checks it).
    const apiOrigins = distribution().Origins.filter((o) => o.OriginCustomHeaders);
    expect(apiOrigins).toHaveLength(3);
    for (const origin of apiOrigins) {
      const [header] = origin.OriginCustomHeaders!;
      expect(header!.HeaderName).toBe('x-origin-verify');
      expect(JSON.stringify(header!.HeaderValue)).toMatch(/resolve:secretsmanager:.*OriginSecret/);
    }
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('^Member API'),
      Environment: { Variables: Match.objectLike({ ORIGIN_SECRET_ARN: Match.anyValue() }) },
    });
  });

  it('sends the shared security headers: the CSP, HSTS with subdomains, no framing', () => {
    const policy = only('AWS::CloudFront::ResponseHeadersPolicy').ResponseHeadersPolicyConfig as {
      SecurityHeadersConfig: Record<string, Record<string, unknown>>;
    };
    const security = policy.SecurityHeadersConfig;
    expect(security.ContentSecurityPolicy!.ContentSecurityPolicy).toBe(contentSecurityPolicy());
    expect(security.ContentSecurityPolicy!.ContentSecurityPolicy).toMatch(/script-src 'self' /);
    expect(security.StrictTransportSecurity).toMatchObject({
      IncludeSubdomains: true,
      AccessControlMaxAgeSec: 63072000,
    });
    expect(security.FrameOptions).toMatchObject({ FrameOption: 'DENY' });
    const config = distribution();
    const policies = [config.DefaultCacheBehavior, ...config.CacheBehaviors].map((b) => b.ResponseHeadersPolicyId);
    expect(policies.every((p) => JSON.stringify(p).includes('SecurityHeaders'))).toBe(true);
  });
});

describe('domain and TLS', () => {
  it('serves the stage domain with its us-east-1 certificate, TLS 1.2 at least', () => {
    const config = distribution();
    expect(config.Aliases).toEqual(['shuttle.badminton.tw']);
    expect(config.ViewerCertificate).toEqual({
      AcmCertificateArn: STAGE.certificateArn,
      MinimumProtocolVersion: 'TLSv1.2_2021',
      SslSupportMethod: 'sni-only',
    });
  });
});

describe('caching', () => {
  const deployments = () =>
    Object.values(template.findResources('Custom::CDKBucketDeployment')).map((r) => (r as Resource).Properties);
  /** The apps' files, not the source maps (constructs/source-maps.ts, a bucket of their own). */
  const appDeployments = () =>
    deployments().filter((d) => !JSON.stringify(d.DestinationBucketName).includes('SourceMaps'));

  it('never prunes: files of earlier deploys stay for apps still open', () => {
    expect(deployments().length).toBeGreaterThanOrEqual(6);
    for (const d of deployments()) expect(d.Prune).toBe(false);
  });

  it('marks hashed assets immutable for a year and everything else no-cache, invalidated on deploy', () => {
    const assets = appDeployments().filter((d) => String(d.DestinationBucketKeyPrefix).endsWith('assets/'));
    expect(assets.map((d) => d.DestinationBucketKeyPrefix).sort()).toEqual(['admin/assets/', 'assets/']);
    for (const d of assets) {
      expect(d.SystemMetadata).toEqual({ 'cache-control': IMMUTABLE_CACHE_CONTROL });
      expect(d.DistributionPaths).toBeUndefined();
    }
    const shells = appDeployments().filter((d) => !String(d.DestinationBucketKeyPrefix).endsWith('assets/'));
    for (const d of shells) expect(d.SystemMetadata).toEqual({ 'cache-control': NO_CACHE_CONTROL });
    const invalidated = shells.flatMap((d) => d.DistributionPaths as string[]);
    expect(invalidated).toEqual(expect.arrayContaining(['/index.html', '/admin/*', '/app-config.json', '/robots.txt']));
  });

  it('lets CloudFront follow each file (minimum TTL 0), so no-cache means revalidate', () => {
    template.hasResourceProperties('AWS::CloudFront::CachePolicy', {
      CachePolicyConfig: Match.objectLike({ MinTTL: 0, DefaultTTL: 0, MaxTTL: 31536000 }),
    });
  });

  it('cleans up overwritten files after 30 days', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      VersioningConfiguration: { Status: 'Enabled' },
      LifecycleConfiguration: {
        Rules: Match.arrayWith([Match.objectLike({ NoncurrentVersionExpiration: { NoncurrentDays: 30 } })]),
      },
    });
  });

  it('serves both apps from a private bucket and sends /api/admin/* and /api/* to the APIs', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
    });
    const config = distribution();
    expect(config.DefaultRootObject).toBe('index.html');
    expect(config.CacheBehaviors.map((b) => b.PathPattern)).toEqual([
      '/api/admin/*',
      '/api/*',
      '/webhook/*',
      '/app-config.json',
      '/ws/*',
    ]);
    expect(config.CacheBehaviors[0]!.AllowedMethods).toContain('POST');
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
  });
});

describe('observability', () => {
  it('logs every API request and every CloudFront request', () => {
    // The REST APIs' stages. The WebSocket stage's handshakes are in CloudFront's logs and its
    // function's (its access logs need the account-wide API Gateway role: infra/lib/nag.ts, APIG1).
    const stages = Object.values(template.findResources('AWS::ApiGateway::Stage')) as Resource[];
    expect(stages).toHaveLength(2);
    for (const s of stages) {
      const settings = s.Properties.AccessLogSetting as { DestinationArn: unknown; Format: string };
      expect(JSON.stringify(settings.DestinationArn)).toMatch(/AccessLogs/);
      expect(JSON.parse(settings.Format)).toMatchObject({
        status: '$context.status',
        ip: '$context.identity.sourceIp',
        waf: '$context.wafResponseCode',
      });
    }
    expect(distribution().Logging).toMatchObject({ Prefix: 'cloudfront/' });
  });

  it('sends every alarm to the alarm e-mail', () => {
    template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@badminton.tw' });
    const alarms = Object.values(template.findResources('AWS::CloudWatch::Alarm')) as Resource[];
    expect(alarms.length).toBeGreaterThan(20);
    for (const a of alarms) expect(JSON.stringify(a.Properties.AlarmActions)).toMatch(/AlarmsTopic/);
  });

  const alarmsOn = (metric: string) =>
    (Object.values(template.findResources('AWS::CloudWatch::Alarm')) as Resource[]).filter(
      (a) => a.Properties.MetricName === metric || JSON.stringify(a.Properties.Metrics ?? '').includes(metric),
    );

  it('watch APIs, functions, the DLQ, abandoned notifications, SES reputation and the table', () => {
    // Per API: the 5xx count and the 5xx share (infra/test/operations.test.ts checks the share).
    expect(alarmsOn('5XXError')).toHaveLength(4);
    // Every function: the API route groups', the notifier's five, the rotation board's two.
    expect(alarmsOn('Throttles')).toHaveLength(ROUTE_GROUPS.length + 5 + 2);
    expect(alarmsOn('ApproximateNumberOfMessagesVisible')).toHaveLength(1);
    expect(alarmsOn('AbandonedNotifications')).toHaveLength(1);
    expect(alarmsOn('Reputation.BounceRate')).toHaveLength(1);
    expect(alarmsOn('Reputation.ComplaintRate')).toHaveLength(1);
    expect(alarmsOn('ThrottledRequests')).toHaveLength(1);
    expect(alarmsOn('SystemErrors')).toHaveLength(1);
    // Abandoned notifications and LINE quota refusals: the functions' EMF metrics, not log text.
    expect(template.findResources('AWS::Logs::MetricFilter')).toEqual({});
    for (const metric of ['AbandonedNotifications', 'LineQuotaRefusals']) {
      const [alarm] = alarmsOn(metric) as [Resource];
      expect(alarmsOn(metric), metric).toHaveLength(1);
      expect(alarm.Properties, metric).toMatchObject({
        Namespace: 'Shuttle',
        MetricName: metric,
        Dimensions: [{ Name: 'service', Value: 'shuttle-prod' }],
        Statistic: 'Sum',
        Threshold: 1,
      });
    }
  });

  it('routes every email through a configuration set that reports bounces and complaints', () => {
    template.hasResourceProperties('AWS::SES::ConfigurationSet', { Name: 'shuttle-prod' });
    template.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      EventDestination: Match.objectLike({
        Enabled: true,
        MatchingEventTypes: Match.arrayWith(['bounce', 'complaint']),
        CloudWatchDestination: Match.anyValue(),
      }),
    });
  });
});

describe('cdk-nag (AwsSolutions)', () => {
  it('passes: every remaining finding is acknowledged with a written reason', () => {
    const acknowledged = stage.main.node
      .findAll()
      .flatMap((c) => c.node.metadata.filter((m) => m.type === 'aws:cdk:acknowledged-rules'))
      .flatMap((m) => Object.entries(m.data as Record<string, string>))
      .filter(([id]) => id.startsWith('AwsSolutions::'));
    expect(acknowledged.length).toBeGreaterThan(10);
    for (const [id, reason] of acknowledged) {
      expect(reason.length, id).toBeGreaterThan(40);
    }
  });

  it('fails the synth on a finding nobody acknowledged', () => {
    const app = testApp({ context: { 'aws:cdk:bundling-stacks': [] } });
    const { main } = buildStage(app, parseStageConfig(STAGE), { builds: fakeBuilds() });
    new Topic(main as Stack, 'UncheckedTopic');
    expect(() => app.synth()).toThrow(/UncheckedTopic[\s\S]*AwsSolutions-SNS3/);
    // A whole synth: seconds alone, far more on a loaded 2-core runner.
  }, 120_000);
});
