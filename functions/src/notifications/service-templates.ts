import { DEFAULT_LANGUAGE, type Language } from '@shuttle/shared';
import { translate } from '@shuttle/shared/i18n/notifications';
import { taipeiDayTime } from '#line/flex.ts';
import type { SessionFacts } from '#outbox/model.ts';
import { LINE_CATALOG_ENTRY, type ServiceKind } from './service-catalog.ts';
import TEMPLATES from './service-templates.json' with { type: 'json' };

/**
 * The LINE MINI App service message templates (docs/LINE.md, "Service messages"): one per notice
 * kind and app language, listed as data in service-templates.json (what the channel registers
 * for review), and the values a notice fills in. News and announcements are not among them:
 * they stay on the Official Account.
 */

/** One template as listed in service-templates.json. */
export interface ServiceTemplate {
  /** The local name, `<kind>_<language>` (what `npm start` and the tests send). */
  name: string;
  kind: ServiceKind;
  language: Language;
  /** The BCP 47 tag of LINE's template (LINE offers ja, en, zh-TW, th, id, ko: es and de use en). */
  lineLanguage: string;
  layout: 'detailed';
  /** Every parameter the notice fills in, with the most grapheme clusters it may carry. */
  params: { key: string; max: number }[];
  /** What the reviewers read: the user action the message answers. */
  useCase: string;
}

export const SERVICE_TEMPLATES = TEMPLATES as ServiceTemplate[];

/** LINE's limits on a detailed template's values: beyond the soft limit LINE shows "…", beyond the hard one it refuses. */
export const DETAIL_SOFT_LIMIT = 36;
export const DETAIL_HARD_LIMIT = 50;
/** `templateName` is at most 30 characters. */
export const TEMPLATE_NAME_MAX = 30;

export function templateFor(kind: ServiceKind, language: Language | null): ServiceTemplate {
  const wanted = language ?? DEFAULT_LANGUAGE;
  const template = SERVICE_TEMPLATES.find((t) => t.kind === kind && t.language === wanted);
  if (!template) throw new Error(`No service template for ${kind} in ${wanted} (service-templates.json)`);
  return template;
}

/**
 * The `templateName` a send names: `<catalog entry>_<LINE language>` once the mapping names the
 * entry LINE registered (service-catalog.ts), else the local name.
 */
export function templateNameOf(
  template: ServiceTemplate,
  catalog: Record<ServiceKind, string | null> = LINE_CATALOG_ENTRY,
): string {
  const entry = catalog[template.kind];
  return entry ? `${entry}_${template.lineLanguage}` : template.name;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** At most `max` grapheme clusters (LINE counts them, not UTF-16 units), the last one "…" when clipped. */
export function clipGraphemes(text: string, max: number): string {
  const parts = [...graphemes.segment(text)].map((s) => s.segment);
  return parts.length <= max ? text : `${parts.slice(0, max - 1).join('')}…`;
}

export const graphemeCount = (text: string) => [...graphemes.segment(text)].length;

/** What a notice tells, as the dispatcher knows it (`composeNotification` gets the same facts). */
export interface ServiceNoticeFacts {
  kind: ServiceKind;
  language: Language | null;
  session: SessionFacts;
  /** The session's time as players read it (`formatSessionTime`). */
  when: string;
  link: string;
  reason?: string;
  offerExpiresAt?: string;
  position?: number;
  previous?: { when: string; venue: string };
  paymentDue?: string;
}

/** The template's values for one notice, each within its limit. */
export function serviceParams(facts: ServiceNoticeFacts): {
  template: ServiceTemplate;
  params: Record<string, string>;
} {
  const language = facts.language ?? DEFAULT_LANGUAGE;
  const template = templateFor(facts.kind, language);
  const group = facts.kind === 'promoted' && facts.reason === 'lotteryDrawn' ? 'lotteryWon' : facts.kind;
  const values: Record<string, string> = {
    title: translate(language, 'notifications', `${group}.title`, { position: facts.position ?? '' }),
    session: facts.session.title,
    when: facts.when,
    venue: facts.session.venue,
    until: facts.offerExpiresAt ? taipeiDayTime(facts.offerExpiresAt, language) : '',
    position: facts.position === undefined ? '' : String(facts.position),
    was_when: facts.previous?.when ?? '',
    was_venue: facts.previous?.venue ?? '',
    payment: (facts.paymentDue ?? '').replace(/\s*\n\s*/g, ' '),
    btn1_url: facts.link,
  };
  const params: Record<string, string> = {};
  for (const { key, max } of template.params) {
    const value = values[key] ?? '';
    if (value) params[key] = clipGraphemes(value, max);
  }
  return { template, params };
}
