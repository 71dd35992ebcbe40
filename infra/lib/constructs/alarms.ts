import { Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Alarm, ComparisonOperator, type IMetric, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Operation, type Table } from 'aws-cdk-lib/aws-dynamodb';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { FilterPattern, MetricFilter } from 'aws-cdk-lib/aws-logs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

export interface AlarmsProps {
  apis: Record<string, HttpApi>;
  functions: Record<string, NodejsFunction>;
  deadLetterQueues: Record<string, Queue>;
  streamConsumer: NodejsFunction;
  /** Functions whose dispatcher gives up on a notification after its last attempt. */
  deliverers: NodejsFunction[];
  table: Table;
  alarmEmail: string;
}

/** Custom metrics of the product (log metric filters). */
export const METRIC_NAMESPACE = 'Shuttle';
/** The dispatcher's log line when a record is abandoned (functions/src/notifications/dispatcher.ts). */
export const ABANDONED_LOG_PHRASE = 'giving up after';

/**
 * What an operator is woken for, all sent to `alarmEmail`: API 5xx, throttled or failing
 * functions, abandoned notifications and the dead-letter queue, SES bounce and complaint rates,
 * DynamoDB throttling and 5xx.
 */
export class Alarms extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: AlarmsProps) {
    super(scope, id);
    this.topic = new Topic(this, 'Topic', { displayName: 'Shuttle alarms', enforceSSL: true });
    this.topic.addSubscription(new EmailSubscription(props.alarmEmail));
    const action = new SnsAction(this.topic);
    const period = Duration.minutes(5);

    const add = (
      alarmId: string,
      alarm: Omit<ConstructorParameters<typeof Alarm>[2], 'evaluationPeriods' | 'metric'> & { metric: IMetric },
    ) => {
      const created = new Alarm(this, alarmId, {
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
        ...alarm,
      });
      created.addAlarmAction(action);
      created.addOkAction(action);
      this.alarms.push(created);
    };

    for (const [name, api] of Object.entries(props.apis)) {
      add(`${name}5xx`, {
        alarmDescription: `${name}: 5 or more 5xx answers in 5 minutes`,
        metric: api.metricServerError({ period, statistic: 'Sum' }),
        threshold: 5,
      });
    }
    for (const [name, fn] of Object.entries(props.functions)) {
      add(`${name}Throttles`, {
        alarmDescription: `${name}: invocations throttled`,
        metric: fn.metricThrottles({ period, statistic: 'Sum' }),
        threshold: 1,
      });
      add(`${name}Errors`, {
        alarmDescription: `${name}: 3 or more failed invocations in 5 minutes`,
        metric: fn.metricErrors({ period, statistic: 'Sum' }),
        threshold: 3,
      });
    }
    for (const [name, queue] of Object.entries(props.deadLetterQueues)) {
      add(`${name}Depth`, {
        alarmDescription: `${name}: notifications that could not be delivered are waiting`,
        metric: queue.metricApproximateNumberOfMessagesVisible({ period, statistic: 'Maximum' }),
        threshold: 1,
      });
    }
    for (const fn of props.deliverers) {
      new MetricFilter(this, `Abandoned${fn.node.id}`, {
        logGroup: fn.logGroup,
        filterPattern: FilterPattern.literal(`"${ABANDONED_LOG_PHRASE}"`),
        metricNamespace: METRIC_NAMESPACE,
        metricName: 'AbandonedNotifications',
        metricValue: '1',
      });
    }
    add('AbandonedNotifications', {
      alarmDescription: 'A notification was given up after its last attempt (LINE or SES failing, or LINE not set up)',
      metric: new Metric({
        namespace: METRIC_NAMESPACE,
        metricName: 'AbandonedNotifications',
        period,
        statistic: 'Sum',
      }),
      threshold: 1,
    });
    add('SesBounceRate', {
      alarmDescription: 'SES bounce rate at 5% (SES reviews the account at 5% and pauses sending at 10%)',
      metric: new Metric({ namespace: 'AWS/SES', metricName: 'Reputation.BounceRate', period, statistic: 'Maximum' }),
      threshold: 0.05,
    });
    add('SesComplaintRate', {
      alarmDescription: 'SES complaint rate at 0.1% (SES reviews the account at 0.1%)',
      metric: new Metric({
        namespace: 'AWS/SES',
        metricName: 'Reputation.ComplaintRate',
        period,
        statistic: 'Maximum',
      }),
      threshold: 0.001,
    });
    const operations = [
      Operation.GET_ITEM,
      Operation.QUERY,
      Operation.PUT_ITEM,
      Operation.UPDATE_ITEM,
      Operation.TRANSACT_WRITE_ITEMS,
    ];
    add('TableThrottles', {
      alarmDescription: 'DynamoDB throttled requests',
      metric: props.table.metricThrottledRequestsForOperations({ operations, period, statistic: 'Sum' }),
      threshold: 1,
    });
    add('TableSystemErrors', {
      alarmDescription: 'DynamoDB answered 5xx',
      metric: props.table.metricSystemErrorsForOperations({ operations, period, statistic: 'Sum' }),
      threshold: 1,
    });
    add('OutboxStreamIteratorAge', {
      alarmDescription: 'Outbox stream consumer is more than 5 minutes behind',
      metric: props.streamConsumer.metric('IteratorAge', { period, statistic: 'Maximum' }),
      threshold: 300_000,
    });
  }
}
