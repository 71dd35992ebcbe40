/**
 * The texts the first screen shows (home's session list, the top bar, the menu): the only
 * texts loaded before it renders; the rest of `member` and `errors` follow once it is drawn
 * (lib/i18n.ts; docs/PLAYER-EXPERIENCE.md, "Speed"). A path names a subtree, or a text with its
 * plural forms (`key_one`, `key_other`). The build picks them from each language's files
 * (shared/build/first-screen-texts.ts) and fails on a path that names nothing;
 * first-screen-texts.test.tsx renders home with these alone and fails on any other key.
 */
export const FIRST_SCREEN_TEXTS = {
  member: [
    'app.name',
    'auth.login',
    'nav',
    'loading',
    'common',
    'home',
    'browseList',
    'filters.statusLabel',
    'filters.open',
    'filters.activeCount',
    'filters.clearAll',
    'filters.apply',
    'category',
    'sort',
    'statusFilter',
    'px.region',
    'money.levelRange',
    'money.levelShort',
    'money.band',
    'session.categories',
    'booking.accepted',
    'booking.waitingPosition',
    'fair.badgeEntered',
  ],
  // The cards' badge and places line (the status model, shared/src/domain/session-status.ts).
  status: ['badge', 'places'],
  // What the first session list can fail with.
  errors: ['INTERNAL', 'NETWORK', 'TIMEOUT', 'BAD_RESPONSE', 'RATE_LIMITED', 'SERVICE_BUSY', 'INVALID_TOKEN'],
} as const;
