/** Query-cache keys of the player's history. */
export const historyKeys = {
  all: 'history:all',
  /** The teams with the caller's membership (`is_in`), for the team cards' join action. */
  teams: 'history:teams',
} as const;
