import { type SESClient, SendEmailCommand } from '@aws-sdk/client-ses';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Port for outgoing email: SES on AWS, an in-process capture locally and in tests. */
export interface EmailSender {
  send(message: EmailMessage): Promise<void>;
}

export class SesEmailSender implements EmailSender {
  constructor(
    private readonly ses: SESClient,
    private readonly from: string,
    /** SES configuration set that reports bounces and complaints (docs/DEPLOY.md, "Observability"). */
    private readonly configurationSet?: string,
  ) {}

  async send(message: EmailMessage): Promise<void> {
    await this.ses.send(
      new SendEmailCommand({
        Source: this.from,
        ...(this.configurationSet ? { ConfigurationSetName: this.configurationSet } : {}),
        Destination: { ToAddresses: [message.to] },
        Message: {
          Subject: { Data: message.subject, Charset: 'UTF-8' },
          Body: { Text: { Data: message.text, Charset: 'UTF-8' } },
        },
      }),
    );
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
