import type errors from '@shuttle/shared/locales/zh-TW/errors.json';
import type member from '@shuttle/shared/locales/zh-TW/member.json';
import type pages from '@shuttle/shared/locales/zh-TW/pages.json';

/** Keys are checked against the Traditional Chinese resources, the language every other one mirrors. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'member';
    resources: { member: typeof member; errors: typeof errors; pages: typeof pages };
    returnNull: false;
  }
}
