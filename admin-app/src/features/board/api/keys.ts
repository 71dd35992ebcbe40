/** Query-cache keys of the board. */
export const boardKeys = {
  all: 'board',
} as const;
