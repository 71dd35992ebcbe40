/** The LINE official account players add as a friend to reach us ('contact us'). */
export const CONTACT_LINE_URL = 'https://line.me/R/ti/p/@shuttle.tw';

/** The admin app, served beside this one. */
export const ADMIN_APP = '/admin';
