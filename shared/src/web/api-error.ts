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
    /** The failure's `data`: what the caller needs to go on (a board on 409, a refusal's figures). */
    readonly data?: unknown,
  ) {
    super(serverMessage);
    this.name = 'ApiError';
  }

  get friendlyMessage(): string {
    const defaultValue = this.serverMessage || i18next.t('errors:INTERNAL');
    const level = levelRefusalOf(this);
    if (level) return i18next.t(`errors:LEVEL_OUT_OF_RANGE_${level.checked}`, { ...level, defaultValue });
    return i18next.t(`errors:${this.code}`, { defaultValue });
  }
}

/** A level refusal's figures (docs/ON-COURT.md, "Level filters"): which level was checked, and the range. */
interface LevelRefusal {
  checked: 'declared' | 'rating';
  level: number;
  low?: number;
  high?: number;
  levelMin: number;
  levelMax: number;
}

/** The figures of a 403 LEVEL_OUT_OF_RANGE, or null (another error, or data without them). */
function levelRefusalOf(error: unknown): LevelRefusal | null {
  if (!(error instanceof ApiError) || error.code !== 'LEVEL_OUT_OF_RANGE') return null;
  const data = error.data as Partial<LevelRefusal> | undefined;
  const figures = [data?.level, data?.levelMin, data?.levelMax];
  if (!data || (data.checked !== 'declared' && data.checked !== 'rating')) return null;
  return figures.every((n) => typeof n === 'number') ? (data as LevelRefusal) : null;
}

/** Any thrown value as text for the user. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.friendlyMessage;
  return i18next.t('errors:INTERNAL');
}

export function errorCode(error: unknown): string | null {
  return error instanceof ApiError ? error.code : null;
}
