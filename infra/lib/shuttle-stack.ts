import { join } from 'node:path';
import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import type { ResponseHeadersPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { repoRoot } from './bundling.ts';
import type { ShuttleConfig } from './config.ts';
import { Alarms } from './constructs/alarms.ts';
import { Api, LINE_WEBHOOK_PATH, ORIGIN_SECRET_VERSION_KEY } from './constructs/api.ts';
import { Database } from './constructs/database.ts';
import { Email } from './constructs/email.ts';
import { Notifications } from './constructs/notifications.ts';
import { OriginWaf } from './constructs/origin-waf.ts';
import { RotationLive } from './constructs/rotation-live.ts';
import { SourceMaps } from './constructs/source-maps.ts';
import { type AppBuilds, Web } from './constructs/web.ts';
import { metricEnvironment, serviceName } from './metrics.ts';
import { acknowledgeShuttleFindings } from './nag.ts';

export interface ShuttleStackProps extends StackProps {
  config: ShuttleConfig;
  /** ARN of the CloudFront web ACL (EdgeStack, us-east-1). */
  webAclArn: string;
  /** Built apps; the workspaces' dist/ folders unless given (tests pass their own). */
  builds?: AppBuilds;
}

const DEFAULT_BUILDS: AppBuilds = {
  member: join(repoRoot, 'liff-app/dist'),
  admin: join(repoRoot, 'admin-app/dist'),
};

/** The product of one stage in one stack (`Shuttle-<stage>`); each concern is its own construct. */
export class ShuttleStack extends Stack {
  constructor(scope: Construct, id: string, props: ShuttleStackProps) {
    super(scope, id, props);
    const { config } = props;
    const logBucket = new Bucket(this, 'AccessLogs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      // CloudFront standard logs are written with ACLs.
      objectOwnership: ObjectOwnership.OBJECT_WRITER,
      enforceSSL: true,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    const { table } = new Database(this, 'Database', {
      restored:
        config.tableName && config.tableStreamArn
          ? { tableName: config.tableName, tableStreamArn: config.tableStreamArn }
          : undefined,
    });
    const email = new Email(this, 'Email', { config });
    const api = new Api(this, 'Api', { table, config, configurationSet: email.configurationSetName });
    const notifications = new Notifications(this, 'Notifications', {
      table,
      config,
      configurationSet: email.configurationSetName,
    });
    api.addLineWebhook(notifications.webhookFunction);
    // Pinned by the rotation command's deploy (docs/DEPLOY.md, "Rotating the origin secret").
    const originSecretVersion = this.node.tryGetContext(ORIGIN_SECRET_VERSION_KEY) as string | undefined;
    const originWaf = new OriginWaf(this, 'OriginWaf', {
      config,
      apis: [api.memberApi, api.adminApi],
      acceptedValues: api.acceptedOriginValues(originSecretVersion),
    });
    const rotationLive = new RotationLive(this, 'RotationLive', {
      table,
      config,
      jwtSecret: api.jwtSecret,
      originSecret: api.originSecret,
    });
    const web = new Web(this, 'Web', {
      memberApi: api.memberApi,
      adminApi: api.adminApi,
      config,
      builds: props.builds ?? DEFAULT_BUILDS,
      webAclArn: props.webAclArn,
      originSecret: api.originHeaderValue(originSecretVersion),
      logBucket,
    });
    // The origin's WAF takes a rotated value before CloudFront starts sending it.
    web.distribution.node.addDependency(originWaf);
    // The board's sockets at /ws/rotation on the apps' domain (docs/ON-COURT.md, "Live").
    rotationLive.addToDistribution(
      web.distribution,
      api.originHeaderValue(originSecretVersion),
      web.node.findChild('SecurityHeaders') as ResponseHeadersPolicy,
    );
    // Every generated link (LIFF, e-mail, push) uses the stage's domain; metrics go where the alarms look.
    for (const fn of [...api.functions, ...notifications.functions, ...rotationLive.functions]) {
      fn.addEnvironment('APP_BASE_URL', web.url);
      for (const [name, value] of Object.entries(metricEnvironment(config.stageName))) fn.addEnvironment(name, value);
    }

    new Alarms(this, 'Alarms', {
      apis: { MemberApi: api.memberApi, AdminApi: api.adminApi },
      originWebAclName: originWaf.webAclName,
      functions: {
        ...api.groupFunctions,
        OutboxStream: notifications.streamFunction,
        OutboxSweep: notifications.sweepFunction,
        Reminders: notifications.reminderFunction,
        LineWebhook: notifications.webhookFunction,
        ...(notifications.signUpJobsFunction ? { SignUpJobs: notifications.signUpJobsFunction } : {}),
        RotationSockets: rotationLive.socketFunction,
        RotationBroadcast: rotationLive.broadcastFunction,
      },
      deadLetterQueues: { OutboxStreamDlq: notifications.deadLetterQueue },
      streamConsumer: notifications.streamFunction,
      table,
      alarmEmail: config.alarmEmail,
      serviceName: serviceName(config.stageName),
    });
    // Every function exists: upload their source maps beside the zips (docs/DEPLOY.md, "Bundles").
    new SourceMaps(this, { logBucket });
    acknowledgeShuttleFindings(this, table);

    new CfnOutput(this, 'AppUrl', { value: web.url, description: 'Member app (admin app at /admin/)' });
    new CfnOutput(this, 'DistributionDomainName', {
      value: web.distribution.distributionDomainName,
      description: `DNS: point ${config.domainName} here (CNAME, or an alias record in Route 53)`,
    });
    new CfnOutput(this, 'LineWebhookUrl', {
      value: `${web.url}${LINE_WEBHOOK_PATH}`,
      description: 'Webhook URL to set in the LINE Developers console',
    });
    new CfnOutput(this, 'LineChannelSecretName', {
      value: notifications.lineChannelSecret.secretName,
      description:
        'The LINE channel secret the functions read: {"channelAccessToken","channelSecret"}, created by the operator',
    });
    new CfnOutput(this, 'TableName', { value: table.tableName });
  }
}
