import { TEXT_LIMITS } from '@shuttle/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from './field';
import { RegionOptions } from './region-options';

/** A venue as a form holds it: the region is its stored (Chinese) name, or '' before one is picked. */
export interface VenueValues {
  venue: string;
  region: string;
  address: string;
}

export type VenueField = keyof VenueValues;

/** A form's venue values and the change handler `VenueFields` takes. */
export function useVenueValues(initial: VenueValues) {
  const [values, setValues] = useState(initial);
  const change = (field: VenueField, value: string) => setValues((current) => ({ ...current, [field]: value }));
  return [values, change] as const;
}

/**
 * The venue's name, region and address, as every admin form that places sessions asks for them
 * (a session, its venue and time, a team's default place, a saved venue). Each form keeps its
 * own checks and passes their messages in `errors`; the labels read as a session's unless the
 * form names the fields otherwise. Each field sits in a `data-field` box, so a form can focus
 * the first one in error.
 */
export function VenueFields({
  values,
  onChange,
  errors = {},
  labels = {},
  regionHint,
  regionPlaceholder,
  regionTestId,
}: {
  values: VenueValues;
  onChange: (field: VenueField, value: string) => void;
  errors?: Partial<Record<VenueField, string | null | undefined>>;
  labels?: Partial<Record<VenueField, string>>;
  regionHint?: string;
  /** The empty first choice; without it the region is one of the list (a session always has one). */
  regionPlaceholder?: string;
  regionTestId?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className="form-grid">
        <div data-field="venue">
          <Field label={labels.venue ?? t('session.venue')} error={errors.venue}>
            {(control) => (
              <input
                {...control}
                className="input"
                maxLength={TEXT_LIMITS.venueName}
                value={values.venue}
                onChange={(e) => onChange('venue', e.target.value)}
              />
            )}
          </Field>
        </div>
        <div data-field="region">
          <Field label={labels.region ?? t('session.region')} hint={regionHint} error={errors.region}>
            {(control) => (
              <select
                {...control}
                className="input"
                value={values.region}
                onChange={(e) => onChange('region', e.target.value)}
                data-testid={regionTestId}
              >
                {regionPlaceholder !== undefined && <option value="">{regionPlaceholder}</option>}
                <RegionOptions />
              </select>
            )}
          </Field>
        </div>
      </div>
      <div data-field="address">
        <Field label={labels.address ?? t('session.address')} error={errors.address}>
          {(control) => (
            <input
              {...control}
              className="input"
              maxLength={TEXT_LIMITS.address}
              value={values.address}
              onChange={(e) => onChange('address', e.target.value)}
            />
          )}
        </Field>
      </div>
    </>
  );
}
