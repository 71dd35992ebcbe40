import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import type { ShuttleConfig } from './config.ts';

/**
 * Paths where a request costs a login, a code or an email: the tight WAF rate rule covers
 * these (prefixes of `/api/...` in shared/src/schemas/*-routes.ts; infra/test checks they exist).
 */
export const LOGIN_PATH_PREFIXES = [
  '/api/loginLine',
  '/api/loginGoogle',
  '/api/admin/login',
  '/api/admin/signup',
  '/api/admin/password/',
  '/api/admin/email/',
  '/api/checkState/email/',
] as const;

/** Requests the web ACL blocks in 5 minutes before `alarmEmail` hears of it (a flood or a scan). */
export const WAF_BLOCKED_ALARM_THRESHOLD = 300;

export interface EdgeStackProps extends StackProps {
  config: ShuttleConfig;
}

const visibility = (metricName: string) => ({
  cloudWatchMetricsEnabled: true,
  sampledRequestsEnabled: true,
  metricName,
});

const startsWith = (path: string): CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint: 'STARTS_WITH',
    searchString: path,
    textTransformations: [{ priority: 0, type: 'NONE' }],
  },
});

/**
 * CloudFront's web ACL, which AWS only accepts in us-east-1 (scope CLOUDFRONT): the app stack,
 * in its own region, takes the ACL's ARN through a cross-region reference (docs/DEPLOY.md, "Stacks").
 */
export class EdgeStack extends Stack {
  readonly webAcl: CfnWebACL;
  readonly blockedAlarm: Alarm;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    const { config } = props;
    const managed = (priority: number, name: string, excluded: string[] = []): CfnWebACL.RuleProperty => ({
      name,
      priority,
      overrideAction: { none: {} },
      statement: {
        managedRuleGroupStatement: {
          vendorName: 'AWS',
          name,
          // Counted, not blocked: the APIs bound every body themselves (functions/src/app/limits.ts).
          ruleActionOverrides: excluded.map((rule) => ({ name: rule, actionToUse: { count: {} } })),
        },
      },
      visibilityConfig: visibility(name),
    });
    const rateRule = (
      priority: number,
      name: string,
      limit: number,
      scopeDown: CfnWebACL.StatementProperty,
    ): CfnWebACL.RuleProperty => ({
      name,
      priority,
      action: { block: { customResponse: { responseCode: 429 } } },
      statement: {
        rateBasedStatement: { limit, aggregateKeyType: 'IP', evaluationWindowSec: 300, scopeDownStatement: scopeDown },
      },
      visibilityConfig: visibility(name),
    });

    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name: `shuttle-${config.stageName}`,
      description: 'Shuttle: AWS managed rules and per-address rate limits on the API and login paths',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(`shuttle-${config.stageName}`),
      rules: [
        rateRule(0, 'LoginRateLimit', config.wafLoginLimit, {
          orStatement: { statements: LOGIN_PATH_PREFIXES.map(startsWith) },
        }),
        rateRule(1, 'ApiRateLimit', config.wafApiLimit, startsWith('/api/')),
        managed(2, 'AWSManagedRulesAmazonIpReputationList'),
        managed(3, 'AWSManagedRulesCommonRuleSet', ['SizeRestrictions_BODY']),
        managed(4, 'AWSManagedRulesKnownBadInputsRuleSet'),
      ],
    });

    // WAF metrics of a CLOUDFRONT web ACL live in us-east-1, so its alarm and topic live here too.
    const topic = new Topic(this, 'AlarmTopic', { displayName: 'Shuttle edge alarms', enforceSSL: true });
    topic.addSubscription(new EmailSubscription(config.alarmEmail));
    this.blockedAlarm = new Alarm(this, 'WafBlockedRequests', {
      alarmDescription: `WAF blocked ${WAF_BLOCKED_ALARM_THRESHOLD} or more requests in 5 minutes (rate rules or managed rules)`,
      metric: new Metric({
        namespace: 'AWS/WAFV2',
        metricName: 'BlockedRequests',
        dimensionsMap: { WebACL: this.webAcl.name!, Rule: 'ALL' },
        period: Duration.minutes(5),
        statistic: 'Sum',
      }),
      threshold: WAF_BLOCKED_ALARM_THRESHOLD,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    this.blockedAlarm.addAlarmAction(new SnsAction(topic));
    this.blockedAlarm.addOkAction(new SnsAction(topic));
  }
}
