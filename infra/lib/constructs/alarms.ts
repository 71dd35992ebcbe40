import { Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

export interface AlarmsProps {
  apis: Record<string, HttpApi>;
  functions: Record<string, NodejsFunction>;
  deadLetterQueues: Record<string, Queue>;
  streamConsumer: NodejsFunction;
  alarmEmail?: string;
}

/** What an operator is woken for: API 5xx, throttled functions, undeliverable notifications. */
export class Alarms extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: AlarmsProps) {
    super(scope, id);
    this.topic = new Topic(this, 'Topic', { displayName: 'Shuttle alarms' });
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));
    const action = new SnsAction(this.topic);
    const period = Duration.minutes(5);

    const add = (alarmId: string, alarm: Omit<ConstructorParameters<typeof Alarm>[2], 'evaluationPeriods'>) => {
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
    add('OutboxStreamIteratorAge', {
      alarmDescription: 'Outbox stream consumer is more than 5 minutes behind',
      metric: props.streamConsumer.metric('IteratorAge', { period, statistic: 'Maximum' }),
      threshold: 300_000,
    });
  }
}
