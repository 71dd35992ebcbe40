import { type SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { BUSINESS_METRICS, count } from './metrics.ts';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Port for outgoing email: SES on AWS, an in-process capture locally and in tests. */
export interface EmailSender {
  send(message: EmailMessage): Promise<void>;
}

/**
 * SES through its current (v2) API, `@aws-sdk/client-sesv2`: JSON requests, the official client
 * in tests and in the deployed bundles alike (docs/DEPLOY.md, "Bundles", has what it costs in
 * size). IAM's `ses:SendEmail` covers it, on the sender's identity and the configuration set.
 */
export class SesEmailSender implements EmailSender {
  constructor(
    private readonly ses: SESv2Client,
    private readonly from: string,
    /** SES configuration set that reports bounces and complaints (docs/DEPLOY.md, "Observability"). */
    private readonly configurationSet?: string,
  ) {}

  async send(message: EmailMessage): Promise<void> {
    await this.ses.send(
      new SendEmailCommand({
        FromEmailAddress: this.from,
        ...(this.configurationSet ? { ConfigurationSetName: this.configurationSet } : {}),
        Destination: { ToAddresses: [message.to] },
        Content: {
          Simple: {
            Subject: { Data: message.subject, Charset: 'UTF-8' },
            Body: { Text: { Data: message.text, Charset: 'UTF-8' } },
          },
        },
      }),
    );
    count(BUSINESS_METRICS.emails);
  }
}

export interface CapturedEmail extends EmailMessage {
  sentAt: string;
}

/** Keeps every email sent, newest last; the local dev page and tests read it. */
export class CaptureEmailSender implements EmailSender {
  readonly sent: CapturedEmail[] = [];
  /** Set to make the next sends fail, to exercise 'Failed to send verification code'. */
  failNext = 0;

  async send(message: EmailMessage): Promise<void> {
    if (this.failNext > 0) {
      this.failNext -= 1;
      throw new Error('Captured email sender told to fail');
    }
    this.sent.push({ ...message, sentAt: new Date().toISOString() });
    if (this.sent.length > 500) this.sent.shift();
  }
}
