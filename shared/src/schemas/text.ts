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
