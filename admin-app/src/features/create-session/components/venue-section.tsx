import { useTranslation } from 'react-i18next';
import { Field } from '@/components/field';
import { VenueFields } from '@/components/venue-fields';
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
      <VenueFields
        values={values}
        onChange={set}
        errors={{ venue: message('venue'), region: message('region'), address: message('address') }}
        regionPlaceholder={t('create.pickRegion')}
      />
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
