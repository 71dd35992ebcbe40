import { VERIFICATION_CODE_LENGTH } from '@shuttle/shared';
import { type ClipboardEvent, type KeyboardEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { codeDigits } from '../model/validate';

/** Six boxes, one digit each: typing moves forward, Backspace back, a paste fills them all. */
export function CodeInput({
  value,
  onChange,
  invalid,
  describedBy,
}: {
  value: string[];
  onChange: (digits: string[]) => void;
  invalid?: boolean;
  describedBy?: string;
}) {
  const { t } = useTranslation();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const focus = (index: number) => boxes.current[Math.max(0, Math.min(VERIFICATION_CODE_LENGTH - 1, index))]?.focus();

  const setDigit = (index: number, digit: string) => {
    const next = Array.from({ length: VERIFICATION_CODE_LENGTH }, (_, i) => value[i] ?? '');
    next[index] = digit;
    onChange(next);
  };

  const onInput = (index: number, text: string) => {
    const digits = codeDigits(text);
    if (digits.length > 1) {
      fill(index, digits);
      return;
    }
    setDigit(index, digits[0] ?? '');
    if (digits[0]) focus(index + 1);
  };

  const fill = (from: number, digits: string[]) => {
    const next = Array.from({ length: VERIFICATION_CODE_LENGTH }, (_, i) => value[i] ?? '');
    digits.forEach((d, i) => {
      if (from + i < VERIFICATION_CODE_LENGTH) next[from + i] = d;
    });
    onChange(next);
    focus(from + digits.length);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !value[index]) {
      event.preventDefault();
      setDigit(Math.max(index - 1, 0), '');
      focus(index - 1);
    } else if (event.key === 'ArrowLeft') {
      focus(index - 1);
    } else if (event.key === 'ArrowRight') {
      focus(index + 1);
    }
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    const digits = codeDigits(event.clipboardData.getData('text'));
    if (digits.length === 0) return;
    event.preventDefault();
    fill(index, digits);
  };

  return (
    <fieldset className="code-input" aria-describedby={describedBy}>
      <legend className="sr-only">{t('email.codeLabel')}</legend>
      {Array.from({ length: VERIFICATION_CODE_LENGTH }, (_, i) => (
        <input
          // biome-ignore lint/suspicious/noArrayIndexKey: the six boxes are fixed positions
          key={i}
          ref={(node) => {
            boxes.current[i] = node;
          }}
          className={`code-input__box${invalid ? ' is-invalid' : ''}`}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          maxLength={i === 0 ? VERIFICATION_CODE_LENGTH : 1}
          aria-label={t('email.digitLabel', { index: i + 1 })}
          aria-invalid={invalid || undefined}
          value={value[i] ?? ''}
          onChange={(event) => onInput(i, event.target.value)}
          onKeyDown={(event) => onKeyDown(i, event)}
          onPaste={(event) => onPaste(i, event)}
          onFocus={(event) => event.target.select()}
          data-testid={`code-digit-${i + 1}`}
        />
      ))}
    </fieldset>
  );
}
