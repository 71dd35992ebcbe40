import { type AdminSession, addDays } from '@shuttle/shared';
import { Dialog } from '@shuttle/shared/web/dialog.tsx';
import { formatDateTime } from '@shuttle/shared/web/format.ts';
import { newIdempotencyKey } from '@shuttle/shared/web/idempotency.ts';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Field } from '@/components/field';
import { useAction } from '@/hooks/use-action';
import { sessionsChanged } from '@/lib/changes';
import { taipeiClock, taipeiInstant } from '@/lib/taipei-time';
import { copySession } from '../api/copy-session';

/**
 * 複製到新日期: the same session at another date and time (a week later unless changed); its
 * end and sign-up opening move with it (docs/DECISIONS.md, "Copying a session"). Opens the copy.
 */
export function CopySessionDialog({ session, onClose }: { session: AdminSession; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { busy, run } = useAction();
  const start = taipeiClock(session.startsAt);
  const [date, setDate] = useState(addDays(start.date, 7));
  const [time, setTime] = useState(start.time);
  const [error, setError] = useState<string | null>(null);
  // One key per dialog: a retry never makes two copies.
  const idempotencyKey = useRef(newIdempotencyKey());
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(date) && /^\d{2}:\d{2}$/.test(time);
  const startsAt = valid ? taipeiInstant(date, time) : null;
  const offset = startsAt ? Date.parse(startsAt) - Date.parse(session.startsAt) : 0;
  const opensAt = new Date(Date.parse(session.signupOpensAt) + offset).toISOString();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!startsAt) return setError(t('create.errors.required'));
    if (Date.parse(startsAt) <= Date.now()) return setError(t('create.errors.inPast'));
    setError(null);
    const result = await run(() => copySession(session.id, startsAt, idempotencyKey.current), {
      success: { title: t('copy.done'), message: t('copy.doneText', { time: formatDateTime(startsAt) }) },
    });
    if (!result) return;
    void sessionsChanged.announce(result.session.id);
    onClose();
    navigate(`/detail?id=${result.session.id}`);
  };

  return (
    <Dialog
      open
      title={t('copy.title')}
      onClose={onClose}
      testId="copy-dialog"
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </button>
          <button type="submit" form="copy-session-form" className="button button--primary" disabled={busy}>
            {t('copy.confirm')}
          </button>
        </>
      }
    >
      <form id="copy-session-form" className="form" onSubmit={submit} noValidate>
        <p>{t('copy.text')}</p>
        <div className="form-grid">
          <Field label={t('create.date')} error={error}>
            {(c) => (
              <input
                {...c}
                className="input"
                type="date"
                value={date}
                onChange={(e) => setDate(e.target.value)}
                data-testid="copy-date"
              />
            )}
          </Field>
          <Field label={t('create.startTime')}>
            {(c) => (
              <input {...c} className="input" type="time" value={time} onChange={(e) => setTime(e.target.value)} />
            )}
          </Field>
        </div>
        {startsAt && <p className="field__hint">{t('copy.opensAt', { time: formatDateTime(opensAt) })}</p>}
      </form>
    </Dialog>
  );
}
