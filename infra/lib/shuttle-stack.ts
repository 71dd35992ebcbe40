import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { ShuttleConfig } from './config.ts';
import { Alarms } from './constructs/alarms.ts';
import { Api } from './constructs/api.ts';
import { Database } from './constructs/database.ts';
import { Notifications } from './constructs/notifications.ts';
import { Web } from './constructs/web.ts';

export interface ShuttleStackProps extends StackProps {
  config: ShuttleConfig;
}

/** The whole product in one stack; each concern is its own construct. */
export class ShuttleStack extends Stack {
  constructor(scope: Construct, id: string, props: ShuttleStackProps) {
    super(scope, id, props);
    const { config } = props;
    const { table } = new Database(this, 'Database');
    const api = new Api(this, 'Api', { table, config });
    const notifications = new Notifications(this, 'Notifications', { table, config });
    const web = new Web(this, 'Web', { memberApi: api.memberApi, adminApi: api.adminApi, config });
    for (const fn of [...api.functions, ...notifications.functions]) fn.addEnvironment('APP_BASE_URL', web.url);

    new Alarms(this, 'Alarms', {
      apis: { MemberApi: api.memberApi, AdminApi: api.adminApi },
      functions: {
        MemberFunction: api.memberFunction,
        AdminFunction: api.adminFunction,
        OutboxStream: notifications.streamFunction,
        OutboxSweep: notifications.sweepFunction,
        Reminders: notifications.reminderFunction,
        LineWebhook: notifications.webhookFunction,
      },
      deadLetterQueues: { OutboxStreamDlq: notifications.deadLetterQueue },
      streamConsumer: notifications.streamFunction,
      alarmEmail: config.alarmEmail,
    });

    new CfnOutput(this, 'AppUrl', { value: web.url, description: 'Member app (admin app at /admin/)' });
    new CfnOutput(this, 'LineWebhookUrl', {
      value: `${notifications.webhookUrl}webhook/line`,
      description: 'Webhook URL to set in the LINE Developers console',
    });
    new CfnOutput(this, 'LineChannelSecretName', {
      value: notifications.lineChannelSecret.secretName,
      description: 'Put {"channelAccessToken","channelSecret"} here',
    });
    new CfnOutput(this, 'TableName', { value: table.tableName });
  }
}
