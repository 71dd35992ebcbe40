import { i18next, intlLocale } from './i18n-loader.ts';

const TIME_ZONE = 'Asia/Taipei';
const cache = new Map<string, Intl.DateTimeFormat>();

const DAY: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', weekday: 'short' };
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hour12: false };

/**
 * One Intl date format per locale, options and time zone, built once: building one takes
 * milliseconds (tens for a locale's first, which loads its data), and a list formats every row.
 */
function formatter(
  options: Intl.DateTimeFormatOptions,
  locale = intlLocale(),
  timeZone = TIME_ZONE,
): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { timeZone, ...options });
    cache.set(key, f);
  }
  return f;
}

/** 11月24日 週二 / Tue, Nov 24 */
export function formatDay(instant: string): string {
  return formatter(DAY).format(new Date(instant));
}

export function formatFullDate(instant: string): string {
  return formatter({ year: 'numeric', month: 'short', day: 'numeric', weekday: 'short' }).format(new Date(instant));
}

export function formatTime(instant: string): string {
  return formatter(TIME).format(new Date(instant));
}

/**
 * Builds the day and time formats of a session card for `language` ahead of the first list:
 * the first Intl format of a locale loads its data, tens of milliseconds on a phone, which is
 * better spent while the list is still on its way (docs/PLAYER-EXPERIENCE.md, "Speed").
 */
export function prepareFormats(language: string): void {
  const locale = intlLocale(language);
  formatter(DAY, locale);
  formatter(TIME, locale);
}

export function formatTimeRange(startsAt: string, endsAt: string): string {
  return `${formatTime(startsAt)} – ${formatTime(endsAt)}`;
}

export function formatDateTime(instant: string): string {
  return formatter({ month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false }).format(
    new Date(instant),
  );
}

const ISO_DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric', weekday: 'short' };

/** A YYYY-MM-DD calendar date, shown without shifting it through a time zone. */
export function formatIsoDate(date: string, options: Intl.DateTimeFormatOptions = ISO_DATE): string {
  return formatter(options, intlLocale(), 'UTC').format(new Date(`${date}T00:00:00Z`));
}

/**
 * Builds `formatIsoDate`'s format for `language` ahead of the screen that shows it (the admin's
 * check-in day list), as `prepareFormats` does for the session cards.
 */
export function prepareIsoDateFormat(language: string): void {
  formatter(ISO_DATE, intlLocale(language), 'UTC');
}

/** A YYYY-MM month as '2026年3月' / 'March 2026'. */
export function formatMonth(month: string, style: 'long' | 'short' = 'long'): string {
  return formatter({ year: 'numeric', month: style }, intlLocale(), 'UTC').format(new Date(`${month}-01T00:00:00Z`));
}

/** A YYYY-MM month as a chart label: '6月' / 'Jun'. */
export function formatMonthLabel(month: string): string {
  return formatter({ month: 'short' }, intlLocale(), 'UTC').format(new Date(`${month}-01T00:00:00Z`));
}

const numberFormats = new Map<string, Intl.NumberFormat>();

export function formatNumber(value: number, fractionDigits = 0): string {
  const key = `${intlLocale()}|${fractionDigits}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(intlLocale(), { maximumFractionDigits: fractionDigits });
    numberFormats.set(key, f);
  }
  return f.format(value);
}

/** NT dollars: '{n} 元' in Chinese, each language's own pattern elsewhere. */
export function formatMoney(amount: number): string {
  return i18next.t('common.money', { amount: formatNumber(amount) });
}

export function formatPercent(value: number): string {
  return `${formatNumber(value, 1)}%`;
}
