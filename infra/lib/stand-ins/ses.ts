import { AwsCaller, type AwsClientConfig, type AwsResponse } from './aws-call.ts';

/**
 * Stands in for `@aws-sdk/client-ses` in the Lambda bundles (`BUNDLING.alias`, infra/lib/bundling.ts):
 * `SESClient` with the one command the functions send, `SendEmailCommand`
 * (functions/src/platform/email.ts), as the SES API's own AWS Query request, signed and retried
 * like the SDK's (./aws-call.ts). Importing any other command from `@aws-sdk/client-ses` fails the
 * bundle build. Tests and local runs are not bundled and use the SDK client;
 * infra/test/stand-ins.test.ts checks that both send the same request and read errors alike.
 */

interface Content {
  Data: string | undefined;
  Charset?: string;
}

export interface SendEmailCommandInput {
  Source: string | undefined;
  Destination: { ToAddresses?: string[]; CcAddresses?: string[]; BccAddresses?: string[] } | undefined;
  Message: { Subject: Content | undefined; Body: { Text?: Content; Html?: Content } | undefined } | undefined;
  ReplyToAddresses?: string[];
  ReturnPath?: string;
  SourceArn?: string;
  ReturnPathArn?: string;
  Tags?: { Name: string | undefined; Value: string | undefined }[];
  ConfigurationSetName?: string;
}

export interface SendEmailCommandOutput {
  MessageId: string | undefined;
  $metadata: { httpStatusCode: number; requestId?: string };
}

export class SendEmailCommand {
  constructor(readonly input: SendEmailCommandInput) {}
}

/** RFC 3986 encoding, as the SDK's query serializer writes keys and values. */
const encode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** AWS Query form fields: nested members joined by dots, list items as `member.1`, `member.2`, … */
export function queryFields(value: unknown, prefix: string, into: [string, string][] = []): [string, string][] {
  if (value === undefined || value === null) return into;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) queryFields(item, `${prefix}.member.${i + 1}`, into);
  } else if (typeof value === 'object') {
    for (const [key, member] of Object.entries(value)) queryFields(member, prefix ? `${prefix}.${key}` : key, into);
  } else into.push([prefix, String(value)]);
  return into;
}

const decodeXml = (text: string) =>
  text.replace(/&(lt|gt|quot|apos|amp|#\d+|#x[0-9a-f]+);/gi, (entity, name: string) => {
    const named: Record<string, string> = { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' };
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return String.fromCodePoint(code);
    }
    return named[name.toLowerCase()] ?? entity;
  });

const element = (xml: string, name: string) => {
  const found = new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(xml);
  return found ? decodeXml(found[1]!) : undefined;
};

/** SES errors: `<ErrorResponse><Error><Type>Sender</Type><Code>…</Code><Message>…</Message></Error>…`. */
const readError = (response: AwsResponse) => ({
  name: element(response.body, 'Code') ?? (response.status >= 500 ? 'InternalFailure' : 'UnknownError'),
  message: element(response.body, 'Message') ?? `SES answered HTTP ${response.status}`,
  fault: element(response.body, 'Type') === 'Receiver' ? ('server' as const) : undefined,
});

export class SESClient {
  private readonly caller: AwsCaller;

  constructor(config: AwsClientConfig = {}) {
    this.caller = new AwsCaller(config, { endpointPrefix: 'email', signingName: 'ses' }, readError);
  }

  async send(command: SendEmailCommand): Promise<SendEmailCommandOutput> {
    const fields = queryFields(command.input, '');
    const body = [['Action', 'SendEmail'], ['Version', '2010-12-01'], ...fields]
      .map(([key, value]) => `${encode(key!)}=${encode(value!)}`)
      .join('&');
    const response = await this.caller.post({ 'content-type': 'application/x-www-form-urlencoded' }, body);
    return {
      MessageId: element(response.body, 'MessageId'),
      $metadata: { httpStatusCode: response.status, requestId: element(response.body, 'RequestId') },
    };
  }
}
