import { ADMIN_LIMITS, createTeamRequest, type Region, TEXT_LIMITS } from '@shuttle/shared';
import { errorMessage } from '@shuttle/shared/web/api-error.ts';
import { withLightLoading } from '@shuttle/shared/web/ui-store.ts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, FormError } from '@/components/field';
import { LineLinkInput } from '@/components/line-link-input';
import { useVenueValues, VenueFields } from '@/components/venue-fields';
import { type CreateTeamInput, createTeam } from '../api/create-team';
import { useTeamNameList } from '../api/get-team-name-list';

type Errors = Partial<Record<'name' | 'price' | 'line' | 'form', string>>;

/** A new team owned by the admin; it becomes the current team. */
export function CreateTeamForm({
  onCreated,
  submitLabel,
}: {
  onCreated: (team: { team_id: string; team_name: string }) => Promise<void> | void;
  submitLabel?: string;
}) {
  const { t } = useTranslation();
  const names = useTeamNameList();
  const [name, setName] = useState('');
  const [place, setPlace] = useVenueValues({ venue: '', region: '', address: '' });
  const [price, setPrice] = useState('0');
  const [line, setLine] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const taken = (value: string) =>
    names.data?.some((team) => team.team_name.trim().toLowerCase() === value.trim().toLowerCase()) ?? false;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const priceValue = /^\d+$/.test(price.trim()) ? Number(price) : Number.NaN;
    const next: Errors = {
      name: !name.trim()
        ? t('teams.errors.nameRequired')
        : name.trim().length > TEXT_LIMITS.teamName
          ? t('teams.errors.nameTooLong', { max: TEXT_LIMITS.teamName })
          : taken(name)
            ? t('teams.errors.nameTaken')
            : undefined,
      price:
        Number.isInteger(priceValue) && priceValue >= 0 && priceValue <= ADMIN_LIMITS.maxPrice
          ? undefined
          : t('teams.errors.price', { max: ADMIN_LIMITS.maxPrice }),
      line: createTeamRequest.shape.default_line.safeParse(line.trim()).success
        ? undefined
        : t('teams.errors.httpsLink'),
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    const input: CreateTeamInput = {
      team_name: name.trim(),
      default_region: place.region as Region | '',
      default_place_name: place.venue.trim(),
      default_location: place.address.trim(),
      default_price: priceValue,
      default_line: line.trim(),
    };
    setBusy(true);
    try {
      const result = await withLightLoading(() => createTeam(input));
      await onCreated(result.team);
    } catch (error) {
      setErrors({ form: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form" onSubmit={submit} noValidate data-testid="create-team-form">
      <Field label={t('teams.name')} error={errors.name}>
        {(control) => (
          <input
            {...control}
            className="input"
            maxLength={TEXT_LIMITS.teamName}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
          />
        )}
      </Field>
      <VenueFields
        values={place}
        onChange={setPlace}
        labels={{ venue: t('teams.placeName'), region: t('teams.region'), address: t('teams.location') }}
        regionHint={t('teams.regionHint')}
        regionPlaceholder={t('common.notSet')}
      />
      <Field label={t('teams.price')} error={errors.price}>
        {(control) => (
          <input
            {...control}
            className="input"
            inputMode="numeric"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
          />
        )}
      </Field>
      <Field label={t('teams.line')} hint={t('teams.lineHint')} error={errors.line}>
        {(control) => <LineLinkInput control={control} value={line} onChange={setLine} />}
      </Field>
      <FormError message={errors.form} />
      <button type="submit" className="button button--primary" disabled={busy}>
        {submitLabel ?? t('teams.submit')}
      </button>
    </form>
  );
}
