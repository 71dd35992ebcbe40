import type errors from '@shuttle/shared/locales/zh-TW/errors.json';
import type member from '@shuttle/shared/locales/zh-TW/member.json';
import type pages from '@shuttle/shared/locales/zh-TW/pages.json';
import type status from '@shuttle/shared/locales/zh-TW/status.json';

/** Keys are checked against the Traditional Chinese resources, the language every other one mirrors. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'member';
    resources: { member: typeof member; errors: typeof errors; status: typeof status; pages: typeof pages };
    returnNull: false;
  }
}
