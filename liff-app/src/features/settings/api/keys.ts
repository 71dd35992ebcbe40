/** Query-cache keys of the settings page. */
export const settingsKeys = {
  attendance: 'settings:attend',
} as const;
