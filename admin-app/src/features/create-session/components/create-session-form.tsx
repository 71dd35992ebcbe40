import type { AdminSession } from '@shuttle/shared';
import { newIdempotencyKey } from '@shuttle/shared/web/idempotency.ts';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '@/hooks/use-action';
import { sessionsChanged } from '@/lib/changes';
import { createSession } from '../api/create-session';
import type { SessionDefaults } from '../api/get-default-setting';
import {
  buildCreateRequest,
  expandOccurrences,
  type FieldName,
  type FormErrors,
  initialValues,
  type SessionFormValues,
} from '../model/session-form';
import { BasicsSection } from './basics-section';
import { CreatePreview } from './create-preview';
import { CreatedSessions } from './created-sessions';
import { LevelSection } from './level-section';
import { MoreSection } from './more-section';
import { ScheduleSection } from './schedule-section';
import type { SectionProps } from './section-props';
import { SignupSection } from './signup-section';
import { VenueSection } from './venue-section';

export function CreateSessionForm({ defaults }: { defaults: SessionDefaults }) {
  const { t } = useTranslation();
  const { busy, run } = useAction();
  const [values, setValues] = useState<SessionFormValues>(() => initialValues(defaults, new Date()));
  const [errors, setErrors] = useState<FormErrors>({});
  const [created, setCreated] = useState<AdminSession[] | null>(null);
  // One key per submission: a retry of the same form never publishes twice.
  const idempotencyKey = useRef(newIdempotencyKey());

  const set: SectionProps['set'] = (field, value) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const message = (field: FieldName) => {
    const error = errors[field];
    return error ? t(`create.errors.${error.key}` as 'create.errors.required', error.values) : null;
  };
  const section = { values, set, message };

  const preview = useMemo(() => {
    const built = buildCreateRequest(values, new Date());
    return built.ok ? expandOccurrences(built.request) : [];
  }, [values]);

  const pickVenue = (venueId: string) => {
    const venue = defaults.venues.find((v) => v.venue_id === venueId);
    if (!venue) return;
    setValues((v) => ({
      ...v,
      venue: venue.name,
      address: venue.address,
      region: venue.region,
      courts: venue.courts.length > 0 ? String(venue.courts.length) : v.courts,
    }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const built = buildCreateRequest(values, new Date());
    if (!built.ok) {
      setErrors(built.errors);
      const first = Object.keys(built.errors)[0];
      document.querySelector<HTMLElement>(`[data-field="${first}"] input, [data-field="${first}"] select`)?.focus();
      return;
    }
    const result = await run(() => createSession(built.request, idempotencyKey.current), {
      success: {
        title: t('create.successTitle'),
        message: t('create.success', {
          count: built.request.publishState === 0 ? 1 : expandOccurrences(built.request).length,
        }),
      },
    });
    if (!result) return;
    idempotencyKey.current = newIdempotencyKey();
    setCreated(result.sessions);
    void sessionsChanged.announce(null);
  };

  if (created) return <CreatedSessions created={created} onAnother={() => setCreated(null)} />;

  return (
    <form className="create-grid" onSubmit={submit} noValidate data-testid="create-form">
      <div className="create-grid__main">
        <BasicsSection {...section} />
        <VenueSection {...section} venues={defaults.venues} onPickVenue={pickVenue} />
        <ScheduleSection {...section} />
        <SignupSection {...section} />
        <LevelSection {...section} />
        <MoreSection {...section} />
      </div>
      <CreatePreview preview={preview} mode={values.mode} busy={busy} />
    </form>
  );
}
