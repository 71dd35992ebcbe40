import { FAIR_SIGNUP_LIMITS } from '@shuttle/shared';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/field';
import { ToggleSwitch } from '@/components/toggle-switch';
import type { SectionProps } from './section-props';

/** First come or an opening lottery, and the lottery's window (docs/FAIR-SIGNUP.md). */
export function SignupSection({ values, set, message }: SectionProps) {
  const { t } = useTranslation();
  const lottery = values.signupMode === 'lottery';
  return (
    <fieldset className="panel" data-testid="signup-mode">
      <legend className="panel__title">{t('fair.signupSection')}</legend>
      <ToggleSwitch
        checked={lottery}
        onChange={(on) => set('signupMode', on ? 'lottery' : 'firstCome')}
        label={t('fair.lottery')}
        description={lottery ? t('fair.lotteryOn') : t('fair.lotteryOff')}
      />
      {lottery && (
        <div data-field="lotteryMinutes">
          <Field label={t('fair.lotteryMinutes')} hint={t('fair.lotteryMinutesHint')} error={message('lotteryMinutes')}>
            {(c) => (
              <input
                {...c}
                className="input input--narrow"
                type="number"
                inputMode="numeric"
                min={FAIR_SIGNUP_LIMITS.minLotteryMinutes}
                max={FAIR_SIGNUP_LIMITS.maxLotteryMinutes}
                value={values.lotteryMinutes}
                onChange={(e) => set('lotteryMinutes', e.target.value)}
              />
            )}
          </Field>
        </div>
      )}
    </fieldset>
  );
}
