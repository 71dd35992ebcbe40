/** Query-cache keys of the revenue reports. */
export const reportKeys = {
  byMonth: (from: string, to: string) => `reports:month:${from}:${to}`,
  bySession: (month: string) => `reports:session:${month}`,
} as const;
