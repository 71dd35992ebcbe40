import {
  ADMIN_LIMITS,
  type AdminRoutes,
  type AdminSession,
  CATEGORIES,
  type Category,
  REGIONS,
  type ResponseOf,
} from '@shuttle/shared';
import { invalidateQueries } from '@shuttle/shared/web/query.ts';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Field } from '@/components/field';
import { CloseIcon, PlusIcon } from '@/components/icons';
import { SessionRow } from '@/components/session-row';
import { ToggleSwitch } from '@/components/toggle-switch';
import { useAction } from '@/hooks/use-action';
import { formatDateTime, formatDay, formatIsoDate, formatTimeRange } from '@/lib/format';
import { newIdempotencyKey } from '@/lib/idempotency';
import { createSession } from '../api/create-session';
import {
  buildCreateRequest,
  expandOccurrences,
  type FieldName,
  type FormErrors,
  initialValues,
  type RepeatMode,
  type SessionFormValues,
} from '../model/session-form';

type Defaults = ResponseOf<AdminRoutes['createSession/getDefaultSetting']>;
const MODES: RepeatMode[] = ['single', 'weekly', 'dates'];

export function CreateSessionForm({ defaults }: { defaults: Defaults }) {
  const { t } = useTranslation();
  const { busy, run } = useAction();
  const [values, setValues] = useState<SessionFormValues>(() => initialValues(defaults, new Date()));
  const [errors, setErrors] = useState<FormErrors>({});
  const [newDate, setNewDate] = useState('');
  const [created, setCreated] = useState<AdminSession[] | null>(null);
  // One key per submission: a retry of the same form never publishes twice.
  const idempotencyKey = useRef(newIdempotencyKey());

  const set = <K extends FieldName>(field: K, value: SessionFormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const message = (field: FieldName) => {
    const error = errors[field];
    return error ? t(`create.errors.${error.key}` as 'create.errors.required', error.values) : null;
  };

  const preview = useMemo(() => {
    const built = buildCreateRequest(values, new Date());
    return built.ok ? expandOccurrences(built.request) : [];
  }, [values]);

  const toggleCategory = (category: Category) =>
    set(
      'categories',
      values.categories.includes(category)
        ? values.categories.filter((c) => c !== category)
        : [...values.categories, category],
    );

  const addDate = () => {
    if (!newDate || values.dates.includes(newDate)) return;
    set('dates', [...values.dates, newDate].sort());
    setNewDate('');
  };

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
    void invalidateQueries('board');
  };

  if (created) {
    return (
      <section className="panel" data-testid="created-sessions" aria-labelledby="created-title">
        <h2 className="panel__title" id="created-title">
          {t('create.createdTitle', { count: created.length })}
        </h2>
        <ul className="session-list">
          {created.map((s) => (
            <SessionRow key={s.id} session={s} to={`/detail?id=${s.id}`} />
          ))}
        </ul>
        <div className="button-row">
          <Link to="/" className="button button--outline">
            {t('create.toBoard')}
          </Link>
          <button type="button" className="button button--primary" onClick={() => setCreated(null)}>
            {t('create.another')}
          </button>
        </div>
      </section>
    );
  }

  return (
    <form className="create-grid" onSubmit={submit} noValidate data-testid="create-form">
      <div className="create-grid__main">
        <fieldset className="panel">
          <legend className="panel__title">{t('create.basics')}</legend>
          <div data-field="title">
            <Field label={t('create.sessionTitle')} hint={t('create.titleHint')} error={message('title')}>
              {(c) => (
                <input
                  {...c}
                  className="input"
                  maxLength={60}
                  value={values.title}
                  onChange={(e) => set('title', e.target.value)}
                  data-testid="title-input"
                />
              )}
            </Field>
          </div>
          <div className="field" data-field="categories">
            <span className="field__label" id="categories-label">
              {t('session.categories')}
            </span>
            <fieldset className="chip-grid" aria-labelledby="categories-label">
              {CATEGORIES.map((c) => (
                <button
                  key={c}
                  type="button"
                  className="chip"
                  aria-pressed={values.categories.includes(c)}
                  onClick={() => toggleCategory(c)}
                >
                  {t(`category.${c}`)}
                </button>
              ))}
            </fieldset>
            {message('categories') && (
              <p className="field__error" role="alert">
                {message('categories')}
              </p>
            )}
          </div>
          <div data-field="notes">
            <Field label={t('session.notes')} error={message('notes')}>
              {(c) => (
                <textarea
                  {...c}
                  className="input textarea"
                  rows={3}
                  maxLength={1000}
                  value={values.notes}
                  onChange={(e) => set('notes', e.target.value)}
                />
              )}
            </Field>
          </div>
        </fieldset>

        <fieldset className="panel">
          <legend className="panel__title">{t('create.venueSection')}</legend>
          {defaults.venues.length > 0 && (
            <Field label={t('create.savedVenue')}>
              {(c) => (
                <select {...c} className="input" defaultValue="" onChange={(e) => pickVenue(e.target.value)}>
                  <option value="">{t('create.pickVenue')}</option>
                  {defaults.venues.map((v) => (
                    <option key={v.venue_id} value={v.venue_id}>
                      {v.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          )}
          <div className="form-grid">
            <div data-field="venue">
              <Field label={t('session.venue')} error={message('venue')}>
                {(c) => (
                  <input
                    {...c}
                    className="input"
                    maxLength={100}
                    value={values.venue}
                    onChange={(e) => set('venue', e.target.value)}
                  />
                )}
              </Field>
            </div>
            <div data-field="region">
              <Field label={t('session.region')} error={message('region')}>
                {(c) => (
                  <select
                    {...c}
                    className="input"
                    value={values.region}
                    onChange={(e) => set('region', e.target.value)}
                  >
                    <option value="">{t('create.pickRegion')}</option>
                    {REGIONS.map((r) => (
                      <option key={r} value={r}>
                        {r}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            </div>
          </div>
          <div data-field="address">
            <Field label={t('session.address')} error={message('address')}>
              {(c) => (
                <input
                  {...c}
                  className="input"
                  maxLength={200}
                  value={values.address}
                  onChange={(e) => set('address', e.target.value)}
                />
              )}
            </Field>
          </div>
          <div className="form-grid form-grid--3">
            <div data-field="courts">
              <Field label={t('session.courts')} error={message('courts')}>
                {(c) => (
                  <input
                    {...c}
                    className="input"
                    type="number"
                    min={1}
                    max={ADMIN_LIMITS.maxCourts}
                    value={values.courts}
                    onChange={(e) => set('courts', e.target.value)}
                  />
                )}
              </Field>
            </div>
            <div data-field="capacity">
              <Field label={t('session.capacity')} error={message('capacity')}>
                {(c) => (
                  <input
                    {...c}
                    className="input"
                    type="number"
                    min={1}
                    max={ADMIN_LIMITS.maxCapacity}
                    value={values.capacity}
                    onChange={(e) => set('capacity', e.target.value)}
                    data-testid="capacity-input"
                  />
                )}
              </Field>
            </div>
            <div data-field="price">
              <Field label={t('create.price')} error={message('price')}>
                {(c) => (
                  <input
                    {...c}
                    className="input"
                    type="number"
                    min={0}
                    max={ADMIN_LIMITS.maxPrice}
                    value={values.price}
                    onChange={(e) => set('price', e.target.value)}
                  />
                )}
              </Field>
            </div>
          </div>
        </fieldset>

        <fieldset className="panel">
          <legend className="panel__title">{t('create.timeSection')}</legend>
          <div className="segmented segmented--wide" role="radiogroup" aria-label={t('create.repeat')}>
            {MODES.map((mode) => (
              <label key={mode} className="segmented__item segmented__item--radio">
                <input
                  type="radio"
                  name="mode"
                  value={mode}
                  checked={values.mode === mode}
                  onChange={() => set('mode', mode)}
                  data-testid={`mode-${mode}`}
                />
                <span>{t(`create.modes.${mode}`)}</span>
              </label>
            ))}
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
                <Field
                  label={values.mode === 'weekly' ? t('create.firstDate') : t('create.date')}
                  error={message('date')}
                >
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
                <div data-field="weeks">
                  <Field
                    label={t('create.weeks')}
                    hint={t('create.weeksHint', { max: ADMIN_LIMITS.maxWeeks })}
                    error={message('weeks')}
                  >
                    {(c) => (
                      <input
                        {...c}
                        className="input"
                        type="number"
                        min={2}
                        max={ADMIN_LIMITS.maxWeeks}
                        value={values.weeks}
                        onChange={(e) => set('weeks', e.target.value)}
                        data-testid="weeks-input"
                      />
                    )}
                  </Field>
                </div>
              )}
            </div>
          )}
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
            <div data-field="signupDaysBefore">
              <Field label={t('create.signupDaysBefore')} error={message('signupDaysBefore')}>
                {(c) => (
                  <input
                    {...c}
                    className="input"
                    type="number"
                    min={0}
                    max={60}
                    value={values.signupDaysBefore}
                    onChange={(e) => set('signupDaysBefore', e.target.value)}
                  />
                )}
              </Field>
            </div>
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

        <fieldset className="panel">
          <legend className="panel__title">{t('create.moreSection')}</legend>
          <div data-field="lineLink">
            <Field label={t('session.lineLink')} hint={t('create.lineHint')} error={message('lineLink')}>
              {(c) => (
                <input
                  {...c}
                  className="input"
                  type="url"
                  inputMode="url"
                  value={values.lineLink}
                  onChange={(e) => set('lineLink', e.target.value)}
                />
              )}
            </Field>
          </div>
          <ToggleSwitch
            checked={values.isPublic}
            onChange={(v) => set('isPublic', v)}
            label={t('detail.public')}
            description={values.isPublic ? t('detail.publicOn') : t('detail.publicOff')}
          />
        </fieldset>
      </div>

      <aside className="create-grid__side">
        <section className="panel panel--sticky" aria-labelledby="preview-title" data-testid="create-preview">
          <h2 className="panel__title" id="preview-title">
            {t('create.preview')}
            <span className="count-pill">{preview.length}</span>
          </h2>
          {preview.length === 0 ? (
            <p className="panel__empty">{t('create.previewEmpty')}</p>
          ) : (
            <ol className="preview-list">
              {preview.slice(0, 12).map((o) => (
                <li key={o.startsAt}>
                  <span className="preview-list__day">{formatDay(o.startsAt)}</span>
                  <span>{formatTimeRange(o.startsAt, o.endsAt)}</span>
                  <span className="preview-list__signup">
                    {t('create.opensAt', { time: formatDateTime(o.signupOpensAt) })}
                  </span>
                </li>
              ))}
              {preview.length > 12 && <li className="muted">{t('create.more', { count: preview.length - 12 })}</li>}
            </ol>
          )}
          <button
            type="submit"
            className="button button--primary button--block"
            disabled={busy}
            data-testid="create-submit"
          >
            {values.mode === 'single'
              ? t('create.publishOne')
              : t('create.publishMany', { count: preview.length || 0 })}
          </button>
        </section>
      </aside>
    </form>
  );
}
