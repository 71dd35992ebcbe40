import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Node } from 'constructs';
import { z } from 'zod';

/**
 * One deployment stage, read from the JSON file named by `-c configFile=PATH` and checked before
 * anything is built, so a typo or a left-over placeholder fails the synth with a readable
 * message (docs/DEPLOY.md, "The stage file").
 */
export const stageConfigSchema = z.object({
  /** Lower-case name of the stage, part of the stack names (`Shuttle-<stageName>`). */
  stageName: z.string().regex(/^[a-z][a-z0-9-]{0,19}$/, 'lower-case letters, digits and dashes, e.g. prod'),
  /** AWS region of the app (the table, the functions, the APIs); CloudFront's parts live in us-east-1. */
  region: z
    .string()
    .regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'an AWS region like ap-northeast-1')
    .default('ap-northeast-1'),
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
      'a lower-case host name like shuttle.example.tw',
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
});

export type ShuttleConfig = z.infer<typeof stageConfigSchema> & { sesIdentity: string };

export const CONFIG_FILE_KEY = 'configFile';

/** Values of the example stage and of older `cdk.json` defaults: deploying them gives a dead app. */
const PLACEHOLDERS: { field: keyof ShuttleConfig; test: (value: string) => boolean }[] = [
  { field: 'lineLoginChannelId', test: (v) => v === '1650000000' },
  { field: 'liffId', test: (v) => v.startsWith('1650000000-') },
  { field: 'googleClientId', test: (v) => /placeholder|example/i.test(v) },
  { field: 'domainName', test: (v) => /(^|\.)example\.(com|org|net|tw)$/.test(v) },
  { field: 'certificateArn', test: (v) => v.includes(':000000000000:') },
];

/** A stage object, validated: readable messages naming each bad field, placeholders refused. */
export function parseStageConfig(input: unknown, source = 'stage file'): ShuttleConfig {
  const parsed = stageConfigSchema.safeParse(input);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid ${source}:\n  ${issues.join('\n  ')}`);
  }
  const config = parsed.data;
  const placeholders = PLACEHOLDERS.filter(({ field, test }) => test(String(config[field])));
  if (placeholders.length > 0) {
    const fields = placeholders.map(({ field }) => `${field}: ${String(config[field])}`);
    throw new Error(
      `${source} still holds placeholder values; put in the real ids (docs/DEPLOY.md):\n  ${fields.join('\n  ')}`,
    );
  }
  if (!config.liffId.startsWith(`${config.lineLoginChannelId}-`)) {
    throw new Error(`Invalid ${source}:\n  liffId: must belong to the LINE Login channel ${config.lineLoginChannelId}`);
  }
  return { ...config, sesIdentity: config.sesIdentity ?? config.emailFrom.split('@')[1]! };
}

/** The stage named by `-c configFile=PATH` (relative to the working directory). */
export function readConfig(node: Node): ShuttleConfig {
  const file = node.tryGetContext(CONFIG_FILE_KEY) as string | undefined;
  if (!file) {
    throw new Error(
      'No stage file: run `npx cdk synth -c configFile=PATH` (or `npm run deploy -- --config PATH`); ' +
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
  return parseStageConfig(json, `stage file ${file}`);
}
