import type { ReactNode } from 'react';

interface Options<T extends string> {
  options: readonly T[];
  /** The class of each option; the element around them stays the caller's. */
  className: string;
  label: (option: T) => ReactNode;
}

type PressButtonsProps<T extends string> = Options<T> & {
  pressed: (option: T) => boolean;
  onPress: (option: T) => void;
};

/** One button per option that reads as pressed (`aria-pressed`): tabs, filters, chips. */
export function PressButtons<T extends string>({ options, className, label, pressed, onPress }: PressButtonsProps<T>) {
  return options.map((option) => (
    <button
      key={option}
      type="button"
      className={className}
      aria-pressed={pressed(option)}
      onClick={() => onPress(option)}
    >
      {label(option)}
    </button>
  ));
}

/** Press buttons in a fieldset named by a legend only screen readers show: tabs and segmented filters. */
export function PressButtonGroup<T extends string>({
  groupClassName,
  legend,
  ...buttons
}: PressButtonsProps<T> & { groupClassName: string; legend: string }) {
  return (
    <fieldset className={groupClassName}>
      <legend className="sr-only">{legend}</legend>
      <PressButtons {...buttons} />
    </fieldset>
  );
}

/** One radio input per option, each inside its label: a single choice. */
export function RadioOptions<T extends string>({
  options,
  className,
  label,
  name,
  value,
  onChange,
  testId,
  disabled,
}: Options<T> & {
  name: string;
  value: T;
  onChange: (option: T) => void;
  testId?: (option: T) => string;
  disabled?: (option: T) => boolean;
}) {
  return options.map((option) => (
    <label key={option} className={className}>
      <input
        type="radio"
        name={name}
        value={option}
        checked={value === option}
        onChange={() => onChange(option)}
        disabled={disabled?.(option)}
        data-testid={testId?.(option)}
      />
      <span>{label(option)}</span>
    </label>
  ));
}
