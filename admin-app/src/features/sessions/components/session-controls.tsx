import { ADMIN_LIMITS, type AdminSession } from '@shuttle/shared';
import { formatDateTime } from '@shuttle/shared/web/format.ts';
import { notify } from '@shuttle/shared/web/ui-store.ts';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/field';
import { ToggleSwitch } from '@/components/toggle-switch';
import { useAction } from '@/hooks/use-action';
import { switchOpening } from '../api/switch-opening';
import { switchPublic } from '../api/switch-public';
import { updateCapacity } from '../api/update-capacity';
import { sessionChanged } from '../model/cache';

/** Visibility, sign-up open or 'Booking Closed', and capacity. */
export function SessionControls({ session }: { session: AdminSession }) {
  const { t } = useTranslation();
  const { busy, run } = useAction();
  const [capacity, setCapacity] = useState(String(session.capacity));
  const [capacityError, setCapacityError] = useState<string | null>(null);
  const ended = session.status === 'ended';
  // The switch is on but the scheduled opening is ahead: say when, and offer to open now (docs/DECISIONS.md).
  const scheduled = !session.bookingClosed && session.status === 'notYetOpen';

  useEffect(() => setCapacity(String(session.capacity)), [session.capacity]);

  const togglePublic = async (isPublic: boolean) => {
    const updated = await run(() => switchPublic(session.id, isPublic));
    if (updated) sessionChanged(updated);
  };

  const toggleOpening = async (open: boolean) => {
    const updated = await run(() => switchOpening(session.id, open));
    if (!updated) return;
    sessionChanged(updated);
    if (open && session.status === 'notYetOpen' && updated.status === 'open')
      notify({ level: 'success', message: t('openNow.opened') });
  };

  const saveCapacity = async (event: FormEvent) => {
    event.preventDefault();
    const value = /^\d+$/.test(capacity.trim()) ? Number(capacity) : Number.NaN;
    if (!Number.isInteger(value) || value < 1 || value > ADMIN_LIMITS.maxCapacity) {
      setCapacityError(t('detail.capacityRange', { max: ADMIN_LIMITS.maxCapacity }));
      return;
    }
    if (value < session.acceptedCount) {
      setCapacityError(t('detail.capacityBelowAccepted', { count: session.acceptedCount }));
      return;
    }
    setCapacityError(null);
    const result = await run(() => updateCapacity(session.id, value));
    if (!result) return;
    sessionChanged(result.session);
    setCapacityError(null);
    if (result.promoted > 0) {
      notify({
        level: 'success',
        title: t('detail.capacitySaved'),
        message: t('detail.promoted', { count: result.promoted }),
      });
    }
  };

  return (
    <section className="panel" aria-labelledby="controls-title" data-testid="session-controls">
      <h2 className="panel__title" id="controls-title">
        {t('detail.controls')}
      </h2>
      <div className="switch-list">
        <ToggleSwitch
          checked={session.isPublic}
          onChange={togglePublic}
          label={t('detail.public')}
          description={session.isPublic ? t('detail.publicOn') : t('detail.publicOff')}
          disabled={busy || ended}
          testId="switch-public"
        />
        <ToggleSwitch
          checked={!session.bookingClosed}
          onChange={toggleOpening}
          label={t('detail.opening')}
          description={
            session.bookingClosed
              ? t('detail.openingOff')
              : scheduled
                ? t('openNow.scheduled', { time: formatDateTime(session.signupOpensAt) })
                : t('detail.openingOn')
          }
          disabled={busy || ended}
          testId="switch-opening"
        />
      </div>
      {scheduled && (
        <button
          type="button"
          className="button button--outline button--small"
          onClick={() => toggleOpening(true)}
          disabled={busy}
          data-testid="open-now"
        >
          {t('openNow.button')}
        </button>
      )}
      <form className="inline-form" onSubmit={saveCapacity} noValidate>
        <Field
          label={t('session.capacity')}
          hint={t('detail.capacityHint', { count: session.acceptedCount })}
          error={capacityError}
        >
          {(control) => (
            <input
              {...control}
              className="input input--narrow"
              type="number"
              min={Math.max(1, session.acceptedCount)}
              max={ADMIN_LIMITS.maxCapacity}
              value={capacity}
              onChange={(e) => setCapacity(e.target.value)}
              disabled={ended}
              data-testid="capacity-input"
            />
          )}
        </Field>
        <button
          type="submit"
          className="button button--outline"
          disabled={busy || ended || capacity === String(session.capacity)}
        >
          {t('common.save')}
        </button>
      </form>
    </section>
  );
}
