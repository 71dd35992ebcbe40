import { CloudWatchDimensionSource, ConfigurationSet, EmailSendingEvent, EventDestination } from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';
import type { ShuttleConfig } from '../config.ts';

/**
 * The SES configuration set every email is sent through: bounces, complaints, rejects and
 * deliveries become CloudWatch metrics (the event destination), and SES keeps the reputation
 * figures the bounce- and complaint-rate alarms watch (constructs/alarms.ts).
 */
export class Email extends Construct {
  readonly configurationSet: ConfigurationSet;
  readonly configurationSetName: string;

  constructor(scope: Construct, id: string, props: { config: ShuttleConfig }) {
    super(scope, id);
    this.configurationSetName = `shuttle-${props.config.stageName}`;
    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', {
      configurationSetName: this.configurationSetName,
      reputationMetrics: true,
      sendingEnabled: true,
    });
    this.configurationSet.addEventDestination('CloudWatch', {
      events: [
        EmailSendingEvent.SEND,
        EmailSendingEvent.DELIVERY,
        EmailSendingEvent.BOUNCE,
        EmailSendingEvent.COMPLAINT,
        EmailSendingEvent.REJECT,
      ],
      destination: EventDestination.cloudWatchDimensions([
        { name: 'ses:configuration-set', source: CloudWatchDimensionSource.MESSAGE_TAG, defaultValue: 'unknown' },
      ]),
    });
  }
}
