/**
 * Self-assessed levels, the table Taiwanese pickup groups use: 1-18 in seven bands
 * (新手 to 專業). A session states a range of them. Without zod, so the first screen can use them
 * (schemas/payments.ts re-exports them).
 */
export const LEVEL_MIN = 1;
export const LEVEL_MAX = 18;
export const LEVEL_BANDS = [
  { band: 'newcomer', from: 1, to: 3 },
  { band: 'beginner', from: 4, to: 5 },
  { band: 'lowerIntermediate', from: 6, to: 7 },
  { band: 'intermediate', from: 8, to: 9 },
  { band: 'upperIntermediate', from: 10, to: 12 },
  { band: 'advanced', from: 13, to: 15 },
  { band: 'professional', from: 16, to: 18 },
] as const;
export type LevelBand = (typeof LEVEL_BANDS)[number]['band'];
export const levelBandOf = (level: number): LevelBand =>
  (LEVEL_BANDS.find((b) => level >= b.from && level <= b.to) ?? LEVEL_BANDS[0]).band;
