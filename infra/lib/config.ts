import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { RegionInfo } from 'aws-cdk-lib/region-info';
import type { Node } from 'constructs';
import { z } from 'zod';

/**
 * One deployment stage, read from the JSON file named by `-c configFile=PATH` and checked before
 * anything is built, so a typo or a left-over placeholder fails the synth with a readable
 * message (docs/DEPLOY.md, "The stage file").
 */
/** Regions of the `aws` partition that CDK knows (the ARNs of the stacks are `arn:aws:…`). */
const AWS_REGIONS: readonly string[] = RegionInfo.regions.filter((r) => r.partition === 'aws').map((r) => r.name);

const region = z
  .string()
  .refine((v) => AWS_REGIONS.includes(v), { message: 'an AWS region like ap-northeast-1 (one that exists)' });

const stageConfigSchema = z
  .object({
    /** Lower-case name of the stage, part of the stack names (`Shuttle-<stageName>`). */
    stageName: z.string().regex(/^[a-z][a-z0-9-]{0,19}$/, 'lower-case letters, digits and dashes, e.g. prod'),
    /** AWS region of the app (the table, the functions, the APIs); CloudFront's parts live in us-east-1. */
    region: region.default('ap-northeast-1'),
    /** AWS account id; the stacks stay account-agnostic when absent (synth needs no account). */
    account: z
      .string()
      .regex(/^\d{12}$/, 'a 12-digit AWS account id')
      .optional(),
    /** The apps' domain: CloudFront alias, LIFF endpoint, base of every link in pushes and emails. */
    domainName: z
      .string()
      .regex(
        /^(?=.{4,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,}$/,
        'a lower-case host name like shuttle.your-club.tw',
      ),
    /** ACM certificate covering `domainName`; CloudFront only takes certificates from us-east-1. */
    certificateArn: z
      .string()
      .regex(
        /^arn:aws:acm:us-east-1:\d{12}:certificate\/[A-Za-z0-9-]+$/,
        'an ACM certificate ARN in us-east-1 (CloudFront only uses certificates from us-east-1)',
      ),
    /** LINE Login channel id: the `aud` of LIFF ID tokens. */
    lineLoginChannelId: z.string().regex(/^\d{10}$/, 'a 10-digit LINE Login channel id'),
    /** LIFF app id of the member app (`<channel id>-<suffix>`). */
    liffId: z.string().regex(/^\d{10}-[A-Za-z0-9]+$/, 'a LIFF id like 2001234567-AbCdEfGh'),
    googleClientId: z.string().endsWith('.apps.googleusercontent.com'),
    /**
     * The LINE official account's id (`@123abcde`), shown on the admin LINE page (its add-friend
     * link https://line.me/R/ti/p/<id> and QR code) to bind a team's group (docs/LINE.md). Unset,
     * the page says it is not configured.
     */
    lineOfficialAccountId: z
      .string()
      .regex(/^@[0-9a-z._-]{1,20}$/, 'a LINE official account id like @123abcde')
      .optional(),
    /** Sender of every email; the SES identity below must be verified for it. */
    emailFrom: z.email(),
    /** Verified SES identity (a domain or an address); defaults to the domain of `emailFrom`. */
    sesIdentity: z.string().min(3).optional(),
    /** Where every alarm goes (SNS e-mail subscription; confirm the first mail). */
    alarmEmail: z.email(),
    reminderRateMinutes: z.coerce.number().int().min(5).max(60).default(15),
    outboxSweepRateMinutes: z.coerce.number().int().min(1).max(60).default(5),
    /** Steady-state request rate per API stage before API Gateway answers 429. */
    apiRateLimit: z.coerce.number().int().positive().default(200),
    apiBurstLimit: z.coerce.number().int().positive().default(400),
    /** WAF: requests per client address in 5 minutes to `/api/*`, and to the login and code paths. */
    wafApiLimit: z.coerce.number().int().min(100).default(2000),
    wafLoginLimit: z.coerce.number().int().min(100).default(100),
    /**
     * Reserved concurrency: the most instances each API (and the webhook) may run at once, kept
     * for it alone, so a flood on one entry point cannot starve the others or the notifier.
     * The account's concurrency quota must leave 100 unreserved (docs/DEPLOY.md, "Edge protection").
     */
    memberApiConcurrency: z.coerce.number().int().min(1).max(1000).default(100),
    adminApiConcurrency: z.coerce.number().int().min(1).max(1000).default(20),
    webhookConcurrency: z.coerce.number().int().min(1).max(1000).default(10),
    /** The rotation board's WebSocket `$connect`/`$disconnect` function (constructs/rotation-live.ts). */
    rotationSocketsConcurrency: z.coerce.number().int().min(1).max(1000).default(20),
    /**
     * A table restored from a backup (docs/DEPLOY.md, "Restore"): the stage then uses this table
     * instead of creating its own; `infra/bin/restore.ts` turns on its stream, TTL and PITR and
     * writes both settings.
     */
    tableName: z
      .string()
      .regex(/^[A-Za-z0-9_.-]{3,255}$/, 'a DynamoDB table name')
      .optional(),
    /** Stream of the restored table (`tableName`), which the outbox consumer reads. */
    tableStreamArn: z
      .string()
      .regex(/^arn:aws:dynamodb:[a-z0-9-]+:\d{12}:table\/[A-Za-z0-9_.-]+\/stream\/[0-9T:.-]+$/, 'a DynamoDB stream ARN')
      .optional(),
    /**
     * Secrets Manager name of the LINE Messaging API channel secret, created by the operator
     * before the first deploy (never by the stack); default `shuttle/<stageName>/line-channel`.
     */
    lineChannelSecretName: z
      .string()
      .regex(/^[A-Za-z0-9/_+=.@-]{1,512}$/, 'a Secrets Manager secret name')
      .optional(),
    /**
     * LINE MINI App mode (docs/LINE.md, "LINE MINI App and service messages"): MINI App links and
     * free service messages for booking notices. Off by default; on, the functions read the
     * operator-created secret `shuttle/<stageName>/mini-app` (`{channelId, channelSecret, tokenKey}`).
     */
    miniApp: z.boolean().default(false),
  })
  .strict();

export type ShuttleConfig = z.infer<typeof stageConfigSchema> & { sesIdentity: string; lineChannelSecretName: string };

/** The secret of the LINE MINI App channel and the key sealing its tokens (docs/DEPLOY.md, "Secrets"). */
export const miniAppSecretName = (config: Pick<ShuttleConfig, 'stageName'>) => `shuttle/${config.stageName}/mini-app`;

/**
 * What MINI App mode adds to a function's environment: nothing when off (every function as
 * before), else `SHUTTLE_MINI_APP=on` and, where the function issues or sends, the secret's name.
 */
export const miniAppEnvironment = (config: Pick<ShuttleConfig, 'stageName' | 'miniApp'>, withSecret: boolean) =>
  config.miniApp
    ? { SHUTTLE_MINI_APP: 'on', ...(withSecret ? { MINI_APP_SECRET_ARN: miniAppSecretName(config) } : {}) }
    : {};

export const CONFIG_FILE_KEY = 'configFile';
/** `-c allowPlaceholders=true`: synthesise the example stage as is (never deployable: deploy.ts refuses it). */
export const ALLOW_PLACEHOLDERS_KEY = 'allowPlaceholders';

/** Account ids of documentation and examples: `000000000000`, `111111111111`…, `123456789012`. */
const isPlaceholderAccount = (id: string): boolean =>
  /^(\d)\1{11}$/.test(id) || id === '123456789012' || id === '012345678901';

/** Domains reserved for documentation and tests (RFC 2606, RFC 6761) and `example.<any tld>`. */
const isPlaceholderDomain = (host: string): boolean =>
  /(^|\.)example\.[a-z]{2,}$/.test(host) || /(^|\.)(example|test|invalid|localhost)$/.test(host);

const domainOf = (address: string) => address.split('@').at(-1) ?? address;
const certificateAccount = (arn: string) => arn.split(':')[4] ?? '';

/** Values of the example stage, documentation domains and accounts: deploying them gives a dead app. */
const PLACEHOLDERS: { field: keyof ShuttleConfig; test: (value: string) => boolean }[] = [
  { field: 'account', test: isPlaceholderAccount },
  { field: 'lineLoginChannelId', test: (v) => v === '1650000000' },
  { field: 'liffId', test: (v) => v.startsWith('1650000000-') },
  { field: 'googleClientId', test: (v) => /placeholder|example/i.test(v) },
  { field: 'domainName', test: isPlaceholderDomain },
  { field: 'certificateArn', test: (v) => isPlaceholderAccount(certificateAccount(v)) },
  { field: 'emailFrom', test: (v) => isPlaceholderDomain(domainOf(v)) },
  { field: 'alarmEmail', test: (v) => isPlaceholderDomain(domainOf(v)) },
  { field: 'sesIdentity', test: (v) => isPlaceholderDomain(domainOf(v)) },
];

const describeIssue = (issue: z.core.$ZodIssue): string[] => {
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => `${key}: unknown key (a typo? the fields are in docs/DEPLOY.md, "The stage file")`);
  }
  return [`${issue.path.join('.') || '(stage)'}: ${issue.message}`];
};

export interface ParseOptions {
  /** Let placeholder values through (the example stage's offline synth); the schema still applies. */
  allowPlaceholders?: boolean;
}

/** A stage object, validated: readable messages naming each bad field, placeholders refused. */
export function parseStageConfig(input: unknown, source = 'stage file', options: ParseOptions = {}): ShuttleConfig {
  const parsed = stageConfigSchema.safeParse(input);
  if (!parsed.success) {
    const issues = parsed.error.issues.flatMap(describeIssue);
    throw new Error(`Invalid ${source}:\n  ${issues.join('\n  ')}`);
  }
  const config = parsed.data;
  const placeholders = options.allowPlaceholders
    ? []
    : PLACEHOLDERS.filter(({ field }) => config[field] !== undefined).filter(({ field, test }) =>
        test(String(config[field])),
      );
  if (placeholders.length > 0) {
    const fields = placeholders.map(({ field }) => `${field}: ${String(config[field])}`);
    throw new Error(
      `${source} still holds placeholder values; put in the real ids (docs/DEPLOY.md):\n  ${fields.join('\n  ')}`,
    );
  }
  const problems: string[] = [];
  if (!config.liffId.startsWith(`${config.lineLoginChannelId}-`)) {
    problems.push(`liffId: must belong to the LINE Login channel ${config.lineLoginChannelId}`);
  }
  if (config.account && certificateAccount(config.certificateArn) !== config.account) {
    problems.push(
      `certificateArn: belongs to account ${certificateAccount(config.certificateArn)}, not to account ${config.account}`,
    );
  }
  if (config.tableStreamArn && !config.tableName) {
    problems.push('tableStreamArn: only with tableName (the restored table it belongs to)');
  }
  if (config.tableName && !config.tableStreamArn) {
    problems.push('tableName: needs tableStreamArn too (run infra/bin/restore.ts, docs/DEPLOY.md "Restore")');
  }
  if (config.tableName && config.tableStreamArn && !config.tableStreamArn.includes(`:table/${config.tableName}/`)) {
    problems.push(`tableStreamArn: is not a stream of table ${config.tableName}`);
  }
  if (config.tableStreamArn && config.tableStreamArn.split(':')[3] !== config.region) {
    problems.push(`tableStreamArn: is not in the stage's region ${config.region}`);
  }
  if (problems.length > 0) throw new Error(`Invalid ${source}:\n  ${problems.join('\n  ')}`);
  return {
    ...config,
    sesIdentity: config.sesIdentity ?? domainOf(config.emailFrom),
    lineChannelSecretName: config.lineChannelSecretName ?? `shuttle/${config.stageName}/line-channel`,
  };
}

/** The stage named by `-c configFile=PATH` (relative to the working directory). */
export function readConfig(node: Node): ShuttleConfig {
  const file = node.tryGetContext(CONFIG_FILE_KEY) as string | undefined;
  if (!file) {
    throw new Error(
      'No stage file: run `npx cdk synth|bootstrap|deploy -c configFile=PATH` (or `npm run deploy -- --config PATH`); ' +
        'infra/stages/example.json shows the fields, docs/DEPLOY.md explains them',
    );
  }
  const path = resolve(file);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new Error(`Stage file not found: ${path}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`Stage file ${path} is not JSON: ${(error as Error).message}`);
  }
  const allowPlaceholders = String(node.tryGetContext(ALLOW_PLACEHOLDERS_KEY)) === 'true';
  return parseStageConfig(json, `stage file ${file}`, { allowPlaceholders });
}

/** A stage file read for the scripts of infra/bin (deploy, restore, rotation): never with placeholders. */
export function readStageFile(file: string): ShuttleConfig {
  const path = resolve(file);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`Stage file ${path} cannot be read: ${(error as Error).message}`);
  }
  return parseStageConfig(json, `stage file ${file}`);
}
