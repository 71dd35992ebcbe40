import type { ReactNode } from 'react';
import { Field } from '@/components/field';
import { NUMBER_RANGES, type RangeField } from '../model/session-form';
import type { SectionProps } from './section-props';

/** A whole-number field of the create form, bounded by the same limits the form model checks. */
export function NumberField({
  name,
  label,
  hint,
  testId,
  values,
  set,
  message,
}: SectionProps & { name: RangeField; label: string; hint?: ReactNode; testId?: string }) {
  const [min, max] = NUMBER_RANGES[name];
  return (
    <div data-field={name}>
      <Field label={label} hint={hint} error={message(name)}>
        {(c) => (
          <input
            {...c}
            className="input"
            type="number"
            min={min}
            max={max}
            value={values[name]}
            onChange={(e) => set(name, e.target.value)}
            data-testid={testId}
          />
        )}
      </Field>
    </div>
  );
}
