import type { Node } from 'constructs';
import { z } from 'zod';

/**
 * Deployment parameters, read from CDK context (`cdk.json` or `-c key=value`) and checked
 * before anything is built, so a typo fails the synth with a readable message.
 */
export const shuttleConfigSchema = z.object({
  /** LINE Login channel id: the `aud` of LIFF ID tokens. */
  lineLoginChannelId: z.string().regex(/^\d{10}$/, 'a 10-digit LINE Login channel id'),
  /** LIFF app id of the member app (`<channel id>-<suffix>`). */
  liffId: z.string().regex(/^\d{10}-[A-Za-z0-9]+$/, 'a LIFF id like 1650000000-AbCdEfGh'),
  googleClientId: z.string().endsWith('.apps.googleusercontent.com'),
  /** Sender of every email; the SES identity below must be verified for it. */
  emailFrom: z.email(),
  /** Verified SES identity (a domain or an address); defaults to the domain of `emailFrom`. */
  sesIdentity: z.string().min(3).optional(),
  /** Where alarm notifications go; none when absent. */
  alarmEmail: z.email().optional(),
  reminderRateMinutes: z.coerce.number().int().min(5).max(60).default(15),
  outboxSweepRateMinutes: z.coerce.number().int().min(1).max(60).default(5),
  /** Steady-state request rate per API stage before API Gateway answers 429. */
  apiRateLimit: z.coerce.number().int().positive().default(200),
  apiBurstLimit: z.coerce.number().int().positive().default(400),
});

export type ShuttleConfig = z.infer<typeof shuttleConfigSchema> & { sesIdentity: string };

export const CONTEXT_KEY = 'shuttle';

/** The `shuttle` context object, validated. */
export function readConfig(node: Node): ShuttleConfig {
  const parsed = shuttleConfigSchema.safeParse(node.tryGetContext(CONTEXT_KEY) ?? {});
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${CONTEXT_KEY}.${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid CDK context:\n  ${issues.join('\n  ')}`);
  }
  const config = parsed.data;
  return { ...config, sesIdentity: config.sesIdentity ?? config.emailFrom.split('@')[1]! };
}
