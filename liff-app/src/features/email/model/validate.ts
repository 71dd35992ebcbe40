import { sendEmailCodeRequest, VERIFICATION_CODE_LENGTH } from '@shuttle/shared';

export type EmailProblem = 'required' | 'invalid';

/** The same rules as the server's request schema, named so the screen can translate them. */
export function emailProblem(email: string): EmailProblem | null {
  if (email.trim() === '') return 'required';
  return sendEmailCodeRequest.safeParse({ email }).success ? null : 'invalid';
}

export function isCompleteCode(digits: readonly string[]): boolean {
  return digits.length === VERIFICATION_CODE_LENGTH && digits.every((d) => /^\d$/.test(d));
}

/** Keeps the digits of pasted or typed text, at most six. */
export function codeDigits(text: string): string[] {
  return text.replace(/\D/g, '').slice(0, VERIFICATION_CODE_LENGTH).split('');
}
