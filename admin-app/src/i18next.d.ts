import type admin from '@shuttle/shared/locales/zh-TW/admin.json';
import type errors from '@shuttle/shared/locales/zh-TW/errors.json';
import type status from '@shuttle/shared/locales/zh-TW/status.json';

/** Keys are checked against the Traditional Chinese resources, the language every other one mirrors. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'admin';
    resources: { admin: typeof admin; errors: typeof errors; status: typeof status };
    returnNull: false;
  }
}
