import { ADMIN_LIMITS, type DefaultData } from '@shuttle/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/field';
import { updateDefault } from '../api/update-default';
import { preventDefault, SaveBar, SettingsPage, useSaveSettings } from './default-data-form';
import { FairSignupPanel } from './fair-signup-panel';
import { OnCourtPanel } from './on-court-panel';

function PricingForm({ data }: { data: DefaultData }) {
  const { t } = useTranslation();
  const { busy, save } = useSaveSettings();
  const [price, setPrice] = useState(String(data.default_price));
  const [window, setWindow] = useState(String(data.cancel_window_minutes));
  const [errors, setErrors] = useState<{ price?: string; window?: string }>({});
  const submit = () => {
    const p = /^\d+$/.test(price.trim()) ? Number(price) : -1;
    const w = /^\d+$/.test(window.trim()) ? Number(window) : -1;
    const next = {
      price:
        p >= 0 && p <= ADMIN_LIMITS.maxPrice
          ? undefined
          : t('create.errors.range', { min: 0, max: ADMIN_LIMITS.maxPrice }),
      window:
        w >= 0 && w <= ADMIN_LIMITS.maxCancelWindowMinutes
          ? undefined
          : t('create.errors.range', { min: 0, max: ADMIN_LIMITS.maxCancelWindowMinutes }),
    };
    setErrors(next);
    if (next.price || next.window) return;
    void save(() => updateDefault({ default_price: p, cancel_window_minutes: w }));
  };
  return (
    <form className="panel form" onSubmit={preventDefault(submit)} noValidate>
      <Field label={t('settings.price')} hint={t('settings.priceHint')} error={errors.price}>
        {(c) => (
          <input
            {...c}
            className="input input--narrow"
            type="number"
            min={0}
            max={ADMIN_LIMITS.maxPrice}
            value={price}
            onChange={(e) => setPrice(e.target.value)}
          />
        )}
      </Field>
      <Field label={t('settings.cancelWindow')} hint={t('settings.cancelWindowHint')} error={errors.window}>
        {(c) => (
          <input
            {...c}
            className="input input--narrow"
            type="number"
            min={0}
            max={ADMIN_LIMITS.maxCancelWindowMinutes}
            value={window}
            onChange={(e) => setWindow(e.target.value)}
          />
        )}
      </Field>
      <SaveBar busy={busy} />
    </form>
  );
}

/** /admin/setting/pricing: the default fee and how long before the start players may still cancel. */
export function PricingPage() {
  const { t } = useTranslation();
  return (
    <SettingsPage
      title={t('settings.items.pricing.title')}
      description={t('settings.items.pricing.description')}
      testId="setting-pricing"
    >
      {(data) => (
        <>
          <PricingForm data={data} />
          <FairSignupPanel data={data} />
          <OnCourtPanel data={data} />
        </>
      )}
    </SettingsPage>
  );
}
