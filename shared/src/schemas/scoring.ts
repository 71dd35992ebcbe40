import * as z from 'zod';
import { SCORING_POINTS } from '../constants.ts';

/**
 * Points a game is played to (docs/ON-COURT.md, "Scores"): 21, 15 or 11; won by 2, capped at 30,
 * 21, 15. Its own module: team settings take it without the rotation board's contracts.
 */
export const scoringPoints = z.union(
  SCORING_POINTS.map((p) => z.literal(p)) as [z.ZodLiteral<21>, z.ZodLiteral<15>, z.ZodLiteral<11>],
);
