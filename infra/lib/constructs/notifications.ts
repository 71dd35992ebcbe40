import { OUTBOX_INSERT_FILTER } from '@shuttle/functions/notifications/stream-filter.ts';
import { Annotations, Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { type ISecret, Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { miniAppEnvironment, miniAppSecretName, type ShuttleConfig } from '../config.ts';
import { TABLE_ACCESS } from './database.ts';
import { grantSendEmail, handlerExists, handlerFunction } from './lambda-function.ts';

export interface NotificationsProps {
  table: ITable;
  config: ShuttleConfig;
  /** SES configuration set of every email (constructs/email.ts). */
  configurationSet: string;
}

/**
 * Everything that talks to players outside the apps: the outbox stream consumer (LINE push +
 * SES), the sweep that retries failed deliveries, the reminder schedule and the LINE webhook.
 */
export class Notifications extends Construct {
  /** Messaging API channel: `{ "channelAccessToken": "…", "channelSecret": "…" }`, created by the operator. */
  readonly lineChannelSecret: ISecret;
  readonly streamFunction: NodejsFunction;
  readonly sweepFunction: NodejsFunction;
  readonly reminderFunction: NodejsFunction;
  readonly webhookFunction: NodejsFunction;
  /** Lottery draws and expiry of waitlist offers, every minute (absent until its handler exists). */
  readonly signUpJobsFunction?: NodejsFunction;
  /** Stream batches that failed every retry land here. */
  readonly deadLetterQueue: Queue;

  constructor(scope: Construct, id: string, props: NotificationsProps) {
    super(scope, id);
    const { table, config } = props;
    // Issued by LINE, so created by the operator and never generated or overwritten by a deploy
    // (docs/DEPLOY.md, "Before the first deploy"); the stack only reads it.
    this.lineChannelSecret = Secret.fromSecretNameV2(this, 'LineChannel', config.lineChannelSecretName);
    const environment = {
      TABLE_NAME: table.tableName,
      // A name: GetSecretValue takes it like an ARN, and the full ARN (its random suffix) is not known here.
      LINE_SECRET_ARN: this.lineChannelSecret.secretName,
      EMAIL_FROM: config.emailFrom,
      SES_CONFIGURATION_SET: props.configurationSet,
      LIFF_ID: config.liffId,
      // Notifications held back by a missing LINE token are retried until it is filled in.
      LINE_REQUIRED: 'true',
      ...miniAppEnvironment(config, true),
    };
    // LINE MINI App mode: booking notices as service messages (docs/LINE.md); created by the operator.
    const miniAppSecret = config.miniApp
      ? Secret.fromSecretNameV2(this, 'MiniAppChannel', miniAppSecretName(config))
      : null;

    const deliverer = (id: string, handler: string, description: string) => {
      const fn = handlerFunction(this, id, { handler, description, environment, timeout: Duration.seconds(60) });
      table.grant(fn, ...TABLE_ACCESS.dispatcher);
      this.lineChannelSecret.grantRead(fn);
      miniAppSecret?.grantRead(fn);
      grantSendEmail(fn, config, props.configurationSet);
      return fn;
    };
    this.streamFunction = deliverer('OutboxStream', 'outbox-stream', 'Delivers new outbox records (LINE push, email)');
    this.sweepFunction = deliverer('OutboxSweep', 'outbox-sweep', 'Retries outbox records whose delivery failed');

    this.deadLetterQueue = new Queue(this, 'OutboxStreamDlq', {
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    this.streamFunction.addEventSource(
      new DynamoEventSource(table, {
        startingPosition: StartingPosition.LATEST,
        batchSize: 10,
        bisectBatchOnError: true,
        retryAttempts: 5,
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(this.deadLetterQueue),
        filters: [{ pattern: JSON.stringify(OUTBOX_INSERT_FILTER) }],
      }),
    );
    new Rule(this, 'OutboxSweepSchedule', {
      description: 'Retry due outbox records',
      schedule: Schedule.rate(Duration.minutes(config.outboxSweepRateMinutes)),
      targets: [new LambdaFunction(this.sweepFunction, { retryAttempts: 0 })],
    });

    this.reminderFunction = handlerFunction(this, 'Reminders', {
      handler: 'reminders',
      description: 'Writes booking reminders for sessions starting in the next 24 hours',
      environment: { TABLE_NAME: table.tableName },
      timeout: Duration.minutes(2),
    });
    table.grant(this.reminderFunction, ...TABLE_ACCESS.reminders);
    new Rule(this, 'ReminderSchedule', {
      description: 'Booking reminders',
      schedule: Schedule.rate(Duration.minutes(config.reminderRateMinutes)),
      targets: [new LambdaFunction(this.reminderFunction, { retryAttempts: 2 })],
    });

    if (handlerExists('sign-up-jobs')) {
      this.signUpJobsFunction = handlerFunction(this, 'SignUpJobs', {
        handler: 'sign-up-jobs',
        description: 'Draws sign-up lotteries that closed and expires waitlist offers',
        environment: { TABLE_NAME: table.tableName },
        timeout: Duration.seconds(50),
      });
      table.grant(this.signUpJobsFunction, ...TABLE_ACCESS.signUpJobs);
      new Rule(this, 'SignUpJobsSchedule', {
        description: 'Lottery draws and waitlist-offer expiry',
        schedule: Schedule.rate(Duration.minutes(1)),
        targets: [new LambdaFunction(this.signUpJobsFunction, { retryAttempts: 0 })],
      });
    } else {
      Annotations.of(this).addWarningV2(
        'shuttle:SignUpJobsMissing',
        'functions/src/handlers/sign-up-jobs.ts is missing',
      );
    }

    this.webhookFunction = handlerFunction(this, 'LineWebhook', {
      handler: 'line-webhook',
      description: 'LINE Official Account webhook: welcome and help replies',
      environment: {
        TABLE_NAME: table.tableName,
        LINE_SECRET_ARN: this.lineChannelSecret.secretName,
        LIFF_ID: config.liffId,
        // MINI App links in replies; the webhook sends no service message.
        ...miniAppEnvironment(config, false),
      },
      // Served at /webhook/line on the member API, behind CloudFront and both WAFs (constructs/api.ts):
      // forged calls that get through end here, refused by the signature check
      // (functions/src/line/webhook.ts) before any read, and leave the APIs' capacity alone.
      reservedConcurrentExecutions: config.webhookConcurrency,
    });
    table.grant(this.webhookFunction, ...TABLE_ACCESS.webhook);
    this.lineChannelSecret.grantRead(this.webhookFunction);
  }

  get functions(): NodejsFunction[] {
    return [
      this.streamFunction,
      this.sweepFunction,
      this.reminderFunction,
      ...(this.signUpJobsFunction ? [this.signUpJobsFunction] : []),
      this.webhookFunction,
    ];
  }
}
