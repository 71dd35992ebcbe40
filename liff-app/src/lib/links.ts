/** The LINE official account players add as a friend to reach us ('contact us'). */
export const CONTACT_LINE_URL = 'https://line.me/R/ti/p/@shuttle.tw';

/** The admin app, served beside this one. */
export const ADMIN_APP = '/admin';

/**
 * A LIFF URL that opens `path` inside LINE (carried through `liff.state`); in LINE MINI App mode
 * the MINI App's permanent link (functions/src/line/mini-app.ts `lineAppUrl`, the same form).
 */
export const liffUrl = (liffId: string, path: string, miniApp = false) =>
  `https://${miniApp ? 'miniapp' : 'liff'}.line.me/${liffId}${path}`;
