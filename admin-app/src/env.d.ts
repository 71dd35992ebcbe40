/// <reference types="vite/client" />

/** The app's version from package.json, set at build time. */
declare const __APP_VERSION__: string;

interface ImportMetaEnv {
  readonly VITE_ADMIN_API_BASE?: string;
  readonly VITE_MEMBER_API_BASE?: string;
}
