import * as z from 'zod';
import { ERROR_CODES } from './errors.ts';

/** Success envelope of every call: `{ success: true, message, timestamp, data }` (docs/ARCHITECTURE.md, "Overview": Contracts). */
export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({
    success: z.literal(true),
    message: z.string(),
    timestamp: z.string(),
    data,
  });
}

export const failureEnvelope = z.object({
  success: z.literal(false),
  message: z.string(),
  error: z.enum(ERROR_CODES as [string, ...string[]]).optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** What the caller needs to go on, e.g. the new rotation board with 409 ROTATION_CHANGED / COURT_BUSY. */
  data: z.unknown().optional(),
  timestamp: z.string(),
});
export type FailureEnvelope = z.infer<typeof failureEnvelope>;

/** A response body is either envelope; clients parse with this and reject anything else. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.discriminatedUnion('success', [successEnvelope(data), failureEnvelope]);
}
