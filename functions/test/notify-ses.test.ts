import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { SesEmailSender } from '#platform/email.ts';

const ses = mockClient(SESClient);
afterEach(() => ses.reset());

describe('SES email sender', () => {
  it('sends a UTF-8 text email from the configured address', async () => {
    ses.on(SendEmailCommand).resolves({ MessageId: 'm-1' });
    const sender = new SesEmailSender(new SESClient({ region: 'ap-northeast-1' }), 'no-reply@shuttle.tw');

    await sender.send({ to: 'player@example.tw', subject: '候補成功', text: '您已遞補為正取' });

    const calls = ses.commandCalls(SendEmailCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.args[0].input).toEqual({
      Source: 'no-reply@shuttle.tw',
      Destination: { ToAddresses: ['player@example.tw'] },
      Message: {
        Subject: { Data: '候補成功', Charset: 'UTF-8' },
        Body: { Text: { Data: '您已遞補為正取', Charset: 'UTF-8' } },
      },
    });
  });

  it('lets an SES refusal reach the caller, which keeps the notification pending', async () => {
    ses.on(SendEmailCommand).rejects(new Error('Throttling: Maximum sending rate exceeded'));
    const sender = new SesEmailSender(new SESClient({ region: 'ap-northeast-1' }), 'no-reply@shuttle.tw');

    await expect(sender.send({ to: 'a@b.tw', subject: 's', text: 't' })).rejects.toThrow('Maximum sending rate');
  });
});
