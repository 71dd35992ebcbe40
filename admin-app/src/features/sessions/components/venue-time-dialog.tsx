import { ADMIN_LIMITS, type AdminSession, addDays, type Region } from '@shuttle/shared';
import { Dialog } from '@shuttle/shared/web/dialog.tsx';
import { notify } from '@shuttle/shared/web/ui-store.ts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/field';
import { useVenueValues, VenueFields } from '@/components/venue-fields';
import { useAction } from '@/hooks/use-action';
import { taipeiClock, taipeiInstant } from '@/lib/taipei-time';
import { updateVenue, type VenueChange } from '../api/update-venue';
import { sessionChanged } from '../model/cache';

type Errors = Partial<Record<'venue' | 'courts' | 'time' | 'signup', string>>;

/** Changes venue, courts or time; only the fields that differ are sent, and players are told. */
export function VenueTimeDialog({
  session,
  open,
  onClose,
}: {
  session: AdminSession;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { busy, run } = useAction();
  const start = taipeiClock(session.startsAt);
  const signup = taipeiClock(session.signupOpensAt);
  const [place, setPlace] = useVenueValues({ venue: session.venue, region: session.region, address: session.address });
  const [courts, setCourts] = useState(String(session.courts));
  const [date, setDate] = useState(start.date);
  const [startTime, setStartTime] = useState(start.time);
  const [endTime, setEndTime] = useState(taipeiClock(session.endsAt).time);
  const [signupDate, setSignupDate] = useState(signup.date);
  const [signupTime, setSignupTime] = useState(signup.time);
  const [errors, setErrors] = useState<Errors>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const courtsValue = Number(courts);
    const startsAt = taipeiInstant(date, startTime);
    const endsAt = taipeiInstant(endTime > startTime ? date : addDays(date, 1), endTime);
    const signupOpensAt = taipeiInstant(signupDate, signupTime);
    const hours = (Date.parse(endsAt) - Date.parse(startsAt)) / 3_600_000;
    const next: Errors = {
      venue: place.venue.trim() ? undefined : t('create.errors.required'),
      courts:
        Number.isInteger(courtsValue) && courtsValue >= 1 && courtsValue <= ADMIN_LIMITS.maxCourts
          ? undefined
          : t('create.errors.range', { min: 1, max: ADMIN_LIMITS.maxCourts }),
      time:
        Date.parse(startsAt) <= Date.now()
          ? t('create.errors.inPast')
          : hours > ADMIN_LIMITS.maxSessionHours
            ? t('create.errors.tooLongSession', { hours: ADMIN_LIMITS.maxSessionHours })
            : undefined,
      signup: Date.parse(signupOpensAt) > Date.parse(startsAt) ? t('create.errors.signupAfterStart') : undefined,
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;

    const change: VenueChange = { sessionId: session.id };
    if (place.venue.trim() !== session.venue) change.venue = place.venue.trim();
    if (place.address.trim() !== session.address) change.address = place.address.trim();
    if (place.region !== session.region) change.region = place.region as Region;
    if (courtsValue !== session.courts) change.courts = courtsValue;
    if (startsAt !== new Date(session.startsAt).toISOString()) change.startsAt = startsAt;
    if (endsAt !== new Date(session.endsAt).toISOString()) change.endsAt = endsAt;
    if (signupOpensAt !== new Date(session.signupOpensAt).toISOString()) change.signupOpensAt = signupOpensAt;
    if (Object.keys(change).length === 1) {
      onClose();
      return;
    }
    const result = await run(() => updateVenue(change));
    if (!result) return;
    sessionChanged(result.session);
    onClose();
    notify({
      level: 'success',
      title: t('detail.changeSaved'),
      message: t('detail.notified', { count: result.notified }),
    });
  };

  return (
    <Dialog
      open={open}
      title={t('detail.changeVenueTime')}
      onClose={onClose}
      variant="wide"
      testId="venue-dialog"
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </button>
          <button type="submit" form="venue-time-form" className="button button--primary" disabled={busy}>
            {t('common.save')}
          </button>
        </>
      }
    >
      <form id="venue-time-form" className="form" onSubmit={submit} noValidate>
        <p className="notice notice--warning">{t('detail.changeNotice')}</p>
        <VenueFields values={place} onChange={setPlace} errors={{ venue: errors.venue }} />
        <div className="form-grid form-grid--4">
          <Field label={t('session.courts')} error={errors.courts}>
            {(c) => (
              <input
                {...c}
                className="input"
                type="number"
                min={1}
                max={ADMIN_LIMITS.maxCourts}
                value={courts}
                onChange={(e) => setCourts(e.target.value)}
              />
            )}
          </Field>
          <Field label={t('create.date')} error={errors.time}>
            {(c) => (
              <input {...c} className="input" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
            )}
          </Field>
          <Field label={t('create.startTime')}>
            {(c) => (
              <input
                {...c}
                className="input"
                type="time"
                value={startTime}
                onChange={(e) => setStartTime(e.target.value)}
              />
            )}
          </Field>
          <Field label={t('create.endTime')}>
            {(c) => (
              <input
                {...c}
                className="input"
                type="time"
                value={endTime}
                onChange={(e) => setEndTime(e.target.value)}
              />
            )}
          </Field>
        </div>
        <div className="form-grid">
          <Field label={t('detail.signupDate')} error={errors.signup}>
            {(c) => (
              <input
                {...c}
                className="input"
                type="date"
                value={signupDate}
                onChange={(e) => setSignupDate(e.target.value)}
              />
            )}
          </Field>
          <Field label={t('detail.signupTime')}>
            {(c) => (
              <input
                {...c}
                className="input"
                type="time"
                value={signupTime}
                onChange={(e) => setSignupTime(e.target.value)}
              />
            )}
          </Field>
        </div>
      </form>
    </Dialog>
  );
}
