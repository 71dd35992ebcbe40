import * as z from 'zod';

/**
 * The one text type of request contracts (functions/src/app/LIMITS.md): every free-text field a client sends
 * (titles, venue names, notes, team names, news, nicknames, transfer references …) refuses what
 * would flow unseen into LINE messages, emails, CSV and `.ics` files, with 400
 * `VALIDATION_FAILED`, and is stored in Unicode NFC, trimmed:
 * - control characters (C0, DEL, C1; a multi-line field keeps line breaks, stored as `\n`),
 * - bidirectional embeddings, overrides and isolates (U+202A-202E, U+2066-2069), which make a
 *   text read differently from what it is,
 * - lone surrogates (half a character: not valid Unicode, unencodable as UTF-8).
 */

const isControl = (c: number) => c < 0x20 || (c >= 0x7f && c <= 0x9f);
const isBidiControl = (c: number) => (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
/** Iterating by code point keeps a pair whole, so a surrogate seen alone is a lone one. */
const isSurrogate = (c: number) => c >= 0xd800 && c <= 0xdfff;

const UNSAFE_TEXT_MESSAGE = 'Must not contain control characters, direction overrides or broken characters';

const clean = (newlines: boolean) => (value: string) => {
  for (const ch of value) {
    const c = ch.codePointAt(0) ?? 0;
    if (newlines && c === 0x0a) continue;
    if (isControl(c) || isBidiControl(c) || isSurrogate(c)) return false;
  }
  return true;
};

/** One line of text: at most `max` characters after trimming and NFC. */
export const singleLineText = (max: number) =>
  z.string().refine(clean(false), UNSAFE_TEXT_MESSAGE).normalize('NFC').trim().max(max);

/** Text that may span lines (`\r\n` and `\r` become `\n`): at most `max` characters after trimming and NFC. */
export const multiLineText = (max: number) =>
  z
    .string()
    .overwrite((value) => value.replace(/\r\n?/g, '\n'))
    .refine(clean(true), UNSAFE_TEXT_MESSAGE)
    .normalize('NFC')
    .trim()
    .max(max);

/**
 * Code points that show nothing on their own (docs/PRIVACY.md, "Names"): whitespace, default-ignorable
 * code points (zero-width spaces and joiners, variation selectors, tag characters, the Hangul fillers
 * U+115F, U+1160, U+3164 and U+FFA0, soft hyphen, bidirectional marks …), format characters (Cf),
 * controls, and the braille blank U+2800, which fonts draw empty.
 */
const INVISIBLE = /[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cf}\p{Cc}\u115f\u1160\u2800\u3164\uffa0]/u;
/** Invisible code points that change the character before them: variation selectors (❤️) and tags (flag sequences). */
const isModifier = (ch: string) => {
  const c = ch.codePointAt(0) ?? 0;
  return (
    (c >= 0x180b && c <= 0x180d) ||
    c === 0x180f ||
    (c >= 0xfe00 && c <= 0xfe0f) ||
    (c >= 0xe0000 && c <= 0xe007f) ||
    (c >= 0xe0100 && c <= 0xe01ef)
  );
};

export const isInvisible = (ch: string) => INVISIBLE.test(ch);

/** True when the text has at least one code point a reader can see. */
const hasVisibleCharacter = (value: string) => [...value].some((ch) => !isInvisible(ch));

/**
 * Drops invisible code points at both ends: all of them at the start (nothing precedes them), at the
 * end all but those that modify the character before them (a variation selector, a tag sequence).
 */
function trimInvisible(value: string): string {
  const chars = [...value];
  let start = 0;
  while (start < chars.length && isInvisible(chars[start]!)) start++;
  let end = chars.length;
  while (end > start && isInvisible(chars[end - 1]!) && !isModifier(chars[end - 1]!)) end--;
  return chars.slice(start, end).join('');
}

const NAME_MESSAGE = 'Must contain a visible character';

/**
 * A name (nickname, player, guest, team, venue, court, pass, admin, session title …): one line of
 * text as `singleLineText` that, unless empty, has a visible character (400 otherwise), stored
 * without invisible code points at its ends (docs/PRIVACY.md, "Names"). Callers that require a
 * name add `.min(1)`; an empty text passes here (optional names and "clear" stay as they were).
 */
export const nameText = (max: number) =>
  z
    .string()
    .refine(clean(false), UNSAFE_TEXT_MESSAGE)
    .normalize('NFC')
    .trim()
    .refine((value) => value === '' || hasVisibleCharacter(value), NAME_MESSAGE)
    .overwrite(trimInvisible)
    .max(max);
