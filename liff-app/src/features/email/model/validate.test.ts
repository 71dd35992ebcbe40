import { describe, expect, it } from 'vitest';
import { codeDigits, emailProblem, isCompleteCode } from './validate';

describe('email form rules', () => {
  it('requires an email address', () => {
    expect(emailProblem('')).toBe('required');
    expect(emailProblem('   ')).toBe('required');
  });

  it('requires a valid email address', () => {
    expect(emailProblem('player')).toBe('invalid');
    expect(emailProblem('player@')).toBe('invalid');
    expect(emailProblem('player@example')).toBe('invalid');
    expect(emailProblem('player@example.com')).toBeNull();
    expect(emailProblem(' player@example.com ')).toBeNull();
  });

  it('accepts a code only when all six digits are there', () => {
    expect(isCompleteCode(['1', '2', '3', '4', '5', '6'])).toBe(true);
    expect(isCompleteCode(['1', '2', '3', '4', '5'])).toBe(false);
    expect(isCompleteCode(['1', '2', '3', '', '5', '6'])).toBe(false);
    expect(isCompleteCode(['1', '2', '3', 'a', '5', '6'])).toBe(false);
  });

  it('keeps only digits from pasted text, at most six', () => {
    expect(codeDigits('12 34-56')).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(codeDigits('驗證碼 987654321')).toEqual(['9', '8', '7', '6', '5', '4']);
    expect(codeDigits('abc')).toEqual([]);
  });
});
