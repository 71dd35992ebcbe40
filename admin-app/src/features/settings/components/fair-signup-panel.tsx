import { DEFAULT_QUIET_HOURS, type DefaultData, FAIR_SIGNUP_LIMITS } from '@shuttle/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/field';
import { ToggleSwitch } from '@/components/toggle-switch';
import { updateDefault } from '../api/update-default';
import { preventDefault, SaveBar, useSaveSettings } from './default-data-form';

type NumberField = 'lotteryMinutes' | 'waitlistOfferMinutes' | 'memberPriorityHours';
const RANGES: Record<NumberField, readonly [number, number]> = {
  lotteryMinutes: [FAIR_SIGNUP_LIMITS.minLotteryMinutes, FAIR_SIGNUP_LIMITS.maxLotteryMinutes],
  waitlistOfferMinutes: [0, FAIR_SIGNUP_LIMITS.maxWaitlistOfferMinutes],
  memberPriorityHours: [0, FAIR_SIGNUP_LIMITS.maxMemberPriorityHours],
};

/**
 * The team's fair sign-up settings (docs/FAIR-SIGNUP.md): new sessions' default sign-up mode and
 * lottery window, how long a freed place is offered to the waitlist head (0: at once), and how
 * many hours before sign-up opens the team's members may already join.
 */
export function FairSignupPanel({ data }: { data: DefaultData }) {
  const { t } = useTranslation();
  const { busy, save } = useSaveSettings();
  const [lottery, setLottery] = useState(data.signupMode === 'lottery');
  const [text, setText] = useState<Record<NumberField, string>>({
    lotteryMinutes: String(data.lotteryMinutes),
    waitlistOfferMinutes: String(data.waitlistOfferMinutes),
    memberPriorityHours: String(data.memberPriorityHours),
  });
  const [errors, setErrors] = useState<Partial<Record<NumberField, string>>>({});
  // Quiet hours of offers (docs/FAIR-SIGNUP.md, "Quiet hours and shorter holds"); null: off.
  const [quiet, setQuiet] = useState(data.quietHours !== null);
  const [quietTimes, setQuietTimes] = useState(data.quietHours ?? DEFAULT_QUIET_HOURS);
  const quietInvalid = quiet && quietTimes.start === quietTimes.end;
  const numberOf = (field: NumberField) => (/^\d+$/.test(text[field].trim()) ? Number(text[field]) : -1);
  const submit = () => {
    const next: Partial<Record<NumberField, string>> = {};
    for (const field of Object.keys(RANGES) as NumberField[]) {
      const [min, max] = RANGES[field];
      const n = numberOf(field);
      if (n < min || n > max) next[field] = t('create.errors.range', { min, max });
    }
    setErrors(next);
    if (Object.keys(next).length > 0 || quietInvalid) return;
    void save(() =>
      updateDefault({
        signupMode: lottery ? 'lottery' : 'firstCome',
        lotteryMinutes: numberOf('lotteryMinutes'),
        waitlistOfferMinutes: numberOf('waitlistOfferMinutes'),
        memberPriorityHours: numberOf('memberPriorityHours'),
        quietHours: quiet ? quietTimes : null,
      }),
    );
  };
  const numberField = (field: NumberField, label: string, hint: string) => (
    <Field label={label} hint={hint} error={errors[field]}>
      {(c) => (
        <input
          {...c}
          className="input input--narrow"
          type="number"
          inputMode="numeric"
          min={RANGES[field][0]}
          max={RANGES[field][1]}
          value={text[field]}
          onChange={(e) => setText({ ...text, [field]: e.target.value })}
          data-testid={`fair-${field}`}
        />
      )}
    </Field>
  );
  return (
    <form className="panel form" onSubmit={preventDefault(submit)} noValidate data-testid="fair-signup-settings">
      <h2 className="panel__title">{t('fair.settingsTitle')}</h2>
      <ToggleSwitch
        checked={lottery}
        onChange={setLottery}
        label={t('fair.lotteryDefault')}
        description={lottery ? t('fair.lotteryOn') : t('fair.lotteryOff')}
      />
      {lottery && numberField('lotteryMinutes', t('fair.lotteryMinutes'), t('fair.lotteryMinutesHint'))}
      {numberField('waitlistOfferMinutes', t('fair.offerMinutes'), t('fair.offerMinutesHint'))}
      <p className="field__hint" data-testid="offer-rule">
        {t('quietHours.rule')}
      </p>
      <ToggleSwitch
        checked={quiet}
        onChange={setQuiet}
        label={t('quietHours.toggle')}
        description={quiet ? t('quietHours.on') : t('quietHours.off')}
      />
      {quiet && (
        <Field
          label={`${t('quietHours.start')} – ${t('quietHours.end')}`}
          error={quietInvalid ? t('quietHours.invalid') : undefined}
        >
          {(c) => (
            <span className="row">
              <input
                {...c}
                className="input input--narrow"
                type="time"
                value={quietTimes.start}
                onChange={(e) => setQuietTimes({ ...quietTimes, start: e.target.value })}
                aria-label={t('quietHours.start')}
                data-testid="quiet-start"
              />
              <input
                className="input input--narrow"
                type="time"
                value={quietTimes.end}
                onChange={(e) => setQuietTimes({ ...quietTimes, end: e.target.value })}
                aria-label={t('quietHours.end')}
                data-testid="quiet-end"
              />
            </span>
          )}
        </Field>
      )}
      {numberField('memberPriorityHours', t('fair.priorityHours'), t('fair.priorityHoursHint'))}
      <SaveBar busy={busy} />
    </form>
  );
}
