import { ADMIN_LIMITS } from '@shuttle/shared';
import { RadioOptions } from '@shuttle/shared/web/choices.tsx';
import { formatIsoDate } from '@shuttle/shared/web/format.ts';
import { CloseIcon, PlusIcon } from '@shuttle/shared/web/icons.tsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/field';
import { type RepeatMode, weekdayOf } from '../model/session-form';
import { NumberField } from './number-field';
import type { SectionProps } from './section-props';

const MODES: RepeatMode[] = ['single', 'weekly', 'dates'];
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];
/** A short weekday name in the UI language: 2024-01-01 was a Monday (ISO 1). */
const weekdayName = (day: number) => formatIsoDate(`2024-01-0${day}`, { weekday: 'short' });

/**
 * The weekly repeat's weekdays (Tue+Thu): the first date's is always on, the others toggle.
 */
function WeekdayPicker({ values, set }: Pick<SectionProps, 'values' | 'set'>) {
  const { t } = useTranslation();
  const first = /^\d{4}-\d{2}-\d{2}$/.test(values.date) ? weekdayOf(values.date) : undefined;
  const toggle = (day: number) =>
    set(
      'weekdays',
      values.weekdays.includes(day) ? values.weekdays.filter((d) => d !== day) : [...values.weekdays, day],
    );
  return (
    <div className="field" data-field="weekdays">
      <span className="field__label" id="weekdays-label">
        {t('create.weekdays')}
      </span>
      <fieldset className="chip-grid" aria-labelledby="weekdays-label" data-testid="weekdays">
        {WEEKDAYS.map((day) => (
          <button
            key={day}
            type="button"
            className="chip"
            aria-pressed={day === first || values.weekdays.includes(day)}
            disabled={day === first}
            onClick={() => toggle(day)}
            data-testid={`weekday-${day}`}
          >
            {weekdayName(day)}
          </button>
        ))}
      </fieldset>
      <p className="field__hint">{t('create.weekdaysHint')}</p>
    </div>
  );
}

/** Once, weekly or on listed dates; start and end time; when sign-up opens. */
export function ScheduleSection({ values, set, message }: SectionProps) {
  const { t } = useTranslation();
  const [newDate, setNewDate] = useState('');

  const addDate = () => {
    if (!newDate || values.dates.includes(newDate)) return;
    set('dates', [...values.dates, newDate].sort());
    setNewDate('');
  };

  return (
    <fieldset className="panel">
      <legend className="panel__title">{t('create.timeSection')}</legend>
      <div className="segmented segmented--wide" role="radiogroup" aria-label={t('create.repeat')}>
        <RadioOptions
          options={MODES}
          className="segmented__item segmented__item--radio"
          label={(mode) => t(`create.modes.${mode}`)}
          name="mode"
          value={values.mode}
          onChange={(mode) => set('mode', mode)}
          testId={(mode) => `mode-${mode}`}
        />
      </div>
      <p className="field__hint">{t(`create.modeHints.${values.mode}`)}</p>
      {values.mode === 'dates' ? (
        <div className="field" data-field="dates">
          <label className="field__label" htmlFor="add-date">
            {t('create.dates')}
          </label>
          <div className="input-row">
            <input
              id="add-date"
              className="input"
              type="date"
              value={newDate}
              onChange={(e) => setNewDate(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  addDate();
                }
              }}
            />
            <button type="button" className="button button--outline" onClick={addDate} disabled={!newDate}>
              <PlusIcon size={16} />
              {t('create.addDate')}
            </button>
          </div>
          <ul className="chip-grid" aria-label={t('create.dates')}>
            {values.dates.map((d) => (
              <li key={d} className="chip chip--removable">
                {formatIsoDate(d)}
                <button
                  type="button"
                  className="chip__remove"
                  aria-label={t('create.removeDate', { date: formatIsoDate(d) })}
                  onClick={() =>
                    set(
                      'dates',
                      values.dates.filter((x) => x !== d),
                    )
                  }
                >
                  <CloseIcon size={14} />
                </button>
              </li>
            ))}
          </ul>
          {message('dates') && (
            <p className="field__error" role="alert">
              {message('dates')}
            </p>
          )}
        </div>
      ) : (
        <div className="form-grid">
          <div data-field="date">
            <Field label={values.mode === 'weekly' ? t('create.firstDate') : t('create.date')} error={message('date')}>
              {(c) => (
                <input
                  {...c}
                  className="input"
                  type="date"
                  value={values.date}
                  onChange={(e) => set('date', e.target.value)}
                  data-testid="date-input"
                />
              )}
            </Field>
          </div>
          {values.mode === 'weekly' && (
            <NumberField
              name="weeks"
              label={t('create.weeks')}
              hint={t('create.weeksHint', { max: ADMIN_LIMITS.maxWeeks })}
              testId="weeks-input"
              values={values}
              set={set}
              message={message}
            />
          )}
        </div>
      )}
      {values.mode === 'weekly' && <WeekdayPicker values={values} set={set} />}
      <div className="form-grid">
        <div data-field="startTime">
          <Field label={t('create.startTime')} error={message('startTime')}>
            {(c) => (
              <input
                {...c}
                className="input"
                type="time"
                value={values.startTime}
                onChange={(e) => set('startTime', e.target.value)}
              />
            )}
          </Field>
        </div>
        <div data-field="endTime">
          <Field label={t('create.endTime')} hint={t('create.endHint')} error={message('endTime')}>
            {(c) => (
              <input
                {...c}
                className="input"
                type="time"
                value={values.endTime}
                onChange={(e) => set('endTime', e.target.value)}
              />
            )}
          </Field>
        </div>
      </div>
      <div className="form-grid">
        <NumberField
          name="signupDaysBefore"
          label={t('create.signupDaysBefore')}
          values={values}
          set={set}
          message={message}
        />
        <div data-field="signupTime">
          <Field label={t('create.signupTime')} error={message('signupTime')}>
            {(c) => (
              <input
                {...c}
                className="input"
                type="time"
                value={values.signupTime}
                onChange={(e) => set('signupTime', e.target.value)}
              />
            )}
          </Field>
        </div>
      </div>
    </fieldset>
  );
}
