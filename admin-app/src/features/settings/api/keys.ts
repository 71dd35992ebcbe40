/** Query-cache keys of the team's settings. */
export const settingsKeys = {
  defaultData: 'settings:default',
  venues: 'settings:venues',
  admins: 'settings:admins',
} as const;
