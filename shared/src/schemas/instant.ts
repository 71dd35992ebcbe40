import * as z from 'zod';
import { toUtcInstant } from '../time.ts';

/**
 * The one instant type of every contract (docs/ARCHITECTURE.md, "Choices"): any ISO 8601
 * date-time with an offset (`Z`, `+08:00`, `-05:30`, with or without seconds and fractions) is
 * accepted and comes out as UTC `YYYY-MM-DDTHH:mm:ss.sssZ`, the form stored and compared as text
 * (keys and indexes sort it as time, functions/src/db/TABLE.md). An overwrite, not a transform:
 * the type stays a string in both directions, so the OpenAPI document keeps `format: date-time`
 * for requests and answers alike. Answers already hold the UTC form and parse to themselves.
 */
export const instant = z
  .stringFormat('date-time', (text) => toUtcInstant(text) !== null)
  .max(40)
  // Checks run on after a failed one: an invalid text stays as it was (its issue is already raised).
  .overwrite((text) => toUtcInstant(text) ?? text);
