import i18next from 'i18next';

/** Codes the client raises itself, beside the server's codes (both live in the `errors` namespace). */
export type ClientErrorCode = 'NETWORK' | 'TIMEOUT' | 'BAD_RESPONSE';

/** A failed call with a message ready to show: translated by code, the server's text as fallback. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    readonly serverMessage: string,
    readonly status: number,
    readonly issues: { path: string; message: string }[] = [],
  ) {
    super(serverMessage);
    this.name = 'ApiError';
  }

  get friendlyMessage(): string {
    return i18next.t(`errors:${this.code}`, { defaultValue: this.serverMessage || i18next.t('errors:INTERNAL') });
  }
}

/** Any thrown value as text for the user. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.friendlyMessage;
  return i18next.t('errors:INTERNAL');
}

export function errorCode(error: unknown): string | null {
  return error instanceof ApiError ? error.code : null;
}
