/** Query-cache keys of the player's history. */
export const historyKeys = {
  all: 'history:all',
} as const;
