/**
 * The texts the admin's first screen shows (the board in the signed-in frame: sidebar, top bar,
 * team switcher): the only texts loaded before it renders; the rest of
 * `admin` and `errors` follow once the browser is idle (lib/i18n.ts; docs/PLAYER-EXPERIENCE.md,
 * "Speed", for admins). Every other screen waits for them (app/router.tsx). A path names a
 * subtree, or a text with its plural forms. The build picks them from each language's files
 * (shared/build/first-screen-texts.ts) and fails on a path that names nothing;
 * first-screen-texts.test.tsx renders the board with these alone and fails on any other key.
 */
export const FIRST_SCREEN_TEXTS = {
  admin: [
    'app',
    'nav',
    'loading',
    'common',
    'language',
    'account.logout',
    'account.role',
    'moneyScreens.logoutTitle',
    'moneyScreens.logoutText',
    'teams',
    'startup',
    'board',
    'activity',
    'category',
    'session.fillRate',
    'session.teamOnly',
    'session.waitingCount',
    'sessions',
  ],
  // The rows' badge and places line (the status model, shared/src/domain/session-status.ts).
  status: ['badge', 'places'],
  // What the board's first calls can fail with.
  errors: ['INTERNAL', 'NETWORK', 'TIMEOUT', 'BAD_RESPONSE', 'RATE_LIMITED', 'SERVICE_BUSY', 'INVALID_TOKEN'],
} as const;
