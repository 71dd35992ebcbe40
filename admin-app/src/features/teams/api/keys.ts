/** Query-cache keys of the admin's teams. */
export const teamKeys = {
  all: 'teams:',
  mine: 'teams:mine',
  names: 'teams:names',
} as const;
