import { TEXT_LIMITS } from '@shuttle/shared';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/field';
import { RegionOptions } from '@/components/region-options';
import type { SessionDefaults } from '../api/get-default-setting';
import { NumberField } from './number-field';
import type { SectionProps } from './section-props';

/** Where, how many courts and players, and the price; a saved venue fills the first fields. */
export function VenueSection({
  values,
  set,
  message,
  venues,
  onPickVenue,
}: SectionProps & { venues: SessionDefaults['venues']; onPickVenue: (venueId: string) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="panel">
      <legend className="panel__title">{t('create.venueSection')}</legend>
      {venues.length > 0 && (
        <Field label={t('create.savedVenue')}>
          {(c) => (
            <select {...c} className="input" defaultValue="" onChange={(e) => onPickVenue(e.target.value)}>
              <option value="">{t('create.pickVenue')}</option>
              {venues.map((v) => (
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
                maxLength={TEXT_LIMITS.venueName}
                value={values.venue}
                onChange={(e) => set('venue', e.target.value)}
              />
            )}
          </Field>
        </div>
        <div data-field="region">
          <Field label={t('session.region')} error={message('region')}>
            {(c) => (
              <select {...c} className="input" value={values.region} onChange={(e) => set('region', e.target.value)}>
                <option value="">{t('create.pickRegion')}</option>
                <RegionOptions />
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
              maxLength={TEXT_LIMITS.address}
              value={values.address}
              onChange={(e) => set('address', e.target.value)}
            />
          )}
        </Field>
      </div>
      <div className="form-grid form-grid--3">
        <NumberField name="courts" label={t('session.courts')} values={values} set={set} message={message} />
        <NumberField
          name="capacity"
          label={t('session.capacity')}
          testId="capacity-input"
          values={values}
          set={set}
          message={message}
        />
        <NumberField name="price" label={t('create.price')} values={values} set={set} message={message} />
      </div>
    </fieldset>
  );
}
