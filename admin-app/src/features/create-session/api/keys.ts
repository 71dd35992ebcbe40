/** Query-cache keys of the create form. */
export const createSessionKeys = {
  all: 'create:',
  defaults: 'create:defaults',
} as const;
