/** Query-cache keys of the email settings. */
export const emailKeys = {
  status: 'email:status',
} as const;
