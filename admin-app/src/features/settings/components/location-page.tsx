import { ADMIN_LIMITS, type DefaultData, REGIONS, type Region, TEXT_LIMITS } from '@shuttle/shared';
import { ConfirmDialog, Dialog } from '@shuttle/shared/web/dialog.tsx';
import { EditIcon, PinIcon, PlusIcon, TrashIcon } from '@shuttle/shared/web/icons.tsx';
import { invalidateQueries, setQueryData } from '@shuttle/shared/web/query.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/field';
import { QueryView } from '@/components/query-view';
import { useVenueValues, VenueFields } from '@/components/venue-fields';
import { useAction } from '@/hooks/use-action';
import { teamSettingsChanged } from '@/lib/changes';
import { deleteVenue } from '../api/delete-venue';
import { useVenues } from '../api/get-courts';
import { settingsKeys } from '../api/keys';
import { saveVenue } from '../api/save-venue';
import { updateDefault } from '../api/update-default';
import { preventDefault, SaveBar, SettingsPage, useSaveSettings } from './default-data-form';

type Venue = { venue_id: string; name: string; address: string; region: string; courts: string[] };

function DefaultPlaceForm({ data }: { data: DefaultData }) {
  const { t } = useTranslation();
  const { busy, save } = useSaveSettings();
  const [place, setPlace] = useVenueValues({
    venue: data.default_place_name,
    region: data.default_region,
    address: data.default_location,
  });
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (!place.region) return setError(t('settings.regionRequired'));
    setError(null);
    void save(() =>
      updateDefault({
        default_region: place.region as Region,
        default_place_name: place.venue.trim(),
        default_location: place.address.trim(),
      }),
    );
  };
  return (
    <form className="panel form" onSubmit={preventDefault(submit)} noValidate data-testid="default-place-form">
      <h2 className="panel__title">{t('settings.defaultPlace')}</h2>
      {!data.default_region && (
        <p className="notice notice--warning" role="status">
          {t('startup.noRegionMessage')}
        </p>
      )}
      <VenueFields
        values={place}
        onChange={setPlace}
        errors={{ region: error }}
        labels={{ venue: t('teams.placeName'), region: t('settings.defaultRegion'), address: t('teams.location') }}
        regionHint={t('settings.defaultRegionHint')}
        regionPlaceholder={t('create.pickRegion')}
        regionTestId="default-region"
      />
      <SaveBar busy={busy} />
    </form>
  );
}

function VenueDialog({
  venue,
  defaultRegion,
  onClose,
}: {
  venue: Venue | null;
  defaultRegion: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { busy, run } = useAction();
  const [place, setPlace] = useVenueValues({
    venue: venue?.name ?? '',
    region: venue?.region ?? defaultRegion,
    address: venue?.address ?? '',
  });
  const [courts, setCourts] = useState((venue?.courts ?? []).join(', '));
  const [errors, setErrors] = useState<{ name?: string; region?: string; courts?: string }>({});
  const submit = async () => {
    const courtList = courts
      .split(/[,，、\n]/)
      .map((c) => c.trim())
      .filter(Boolean);
    const next = {
      name: place.venue.trim() ? undefined : t('create.errors.required'),
      region: (REGIONS as readonly string[]).includes(place.region) ? undefined : t('create.errors.regionRequired'),
      courts:
        courtList.length <= ADMIN_LIMITS.maxCourts && courtList.every((c) => c.length <= TEXT_LIMITS.courtName)
          ? undefined
          : t('settings.courtsLimit', { max: ADMIN_LIMITS.maxCourts }),
    };
    setErrors(next);
    if (next.name || next.region || next.courts) return;
    const saved = await run(
      () =>
        saveVenue({
          ...(venue ? { venue_id: venue.venue_id } : {}),
          name: place.venue.trim(),
          address: place.address.trim(),
          region: place.region as Region,
          courts: courtList,
        }),
      { success: { title: t('common.savedTitle'), message: t('settings.venueSaved', { name: place.venue.trim() }) } },
    );
    if (!saved) return;
    void invalidateQueries(settingsKeys.venues);
    void teamSettingsChanged.announce();
    onClose();
  };
  return (
    <Dialog
      open
      title={venue ? t('settings.editVenue') : t('settings.addVenue')}
      onClose={onClose}
      variant="wide"
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </button>
          <button type="submit" form="venue-form" className="button button--primary" disabled={busy}>
            {t('common.save')}
          </button>
        </>
      }
    >
      <form id="venue-form" className="form" onSubmit={preventDefault(() => void submit())} noValidate>
        <VenueFields
          values={place}
          onChange={setPlace}
          errors={{ venue: errors.name, region: errors.region }}
          labels={{ venue: t('settings.venueName') }}
          regionPlaceholder={t('create.pickRegion')}
        />
        <Field label={t('settings.courts')} hint={t('settings.courtsHint')} error={errors.courts}>
          {(c) => <input {...c} className="input" value={courts} onChange={(e) => setCourts(e.target.value)} />}
        </Field>
      </form>
    </Dialog>
  );
}

function VenueList({ defaultRegion }: { defaultRegion: string }) {
  const { t } = useTranslation();
  const venues = useVenues();
  const { busy, run } = useAction();
  const [editing, setEditing] = useState<Venue | 'new' | null>(null);
  const [removing, setRemoving] = useState<Venue | null>(null);
  const remove = async () => {
    const target = removing;
    if (!target) return;
    const list = await run(() => deleteVenue(target.venue_id));
    setRemoving(null);
    if (list) {
      setQueryData(settingsKeys.venues, list);
      void teamSettingsChanged.announce();
    }
  };
  return (
    <section className="panel" aria-labelledby="venues-title" data-testid="venues">
      <div className="panel__head">
        <h2 className="panel__title" id="venues-title">
          {t('settings.venues')}
        </h2>
        <button type="button" className="button button--outline button--small" onClick={() => setEditing('new')}>
          <PlusIcon size={16} />
          {t('settings.addVenue')}
        </button>
      </div>
      <p className="panel__text">{t('settings.venuesHint')}</p>
      <QueryView query={venues}>
        {(list) =>
          list.length === 0 ? (
            <p className="panel__empty">{t('settings.noVenues')}</p>
          ) : (
            <ul className="venue-list">
              {list.map((v) => (
                <li key={v.venue_id} className="venue-list__item">
                  <PinIcon size={18} className="venue-list__icon" />
                  <div className="venue-list__text">
                    <p className="venue-list__name">{v.name}</p>
                    <p className="muted">{[t(`regions.${v.region as Region}`), v.address].filter(Boolean).join(' ')}</p>
                    {v.courts.length > 0 && (
                      <p className="muted">{t('settings.courtsList', { courts: v.courts.join('、') })}</p>
                    )}
                  </div>
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={t('settings.editVenueNamed', { name: v.name })}
                    onClick={() => setEditing(v)}
                  >
                    <EditIcon size={18} />
                  </button>
                  <button
                    type="button"
                    className="icon-button icon-button--danger"
                    aria-label={t('settings.removeVenueNamed', { name: v.name })}
                    onClick={() => setRemoving(v)}
                  >
                    <TrashIcon size={18} />
                  </button>
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
      {editing && (
        <VenueDialog
          venue={editing === 'new' ? null : editing}
          defaultRegion={defaultRegion}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('settings.removeVenue')}
        confirmLabel={t('common.remove')}
        onConfirm={remove}
        onCancel={() => setRemoving(null)}
        tone="danger"
        busy={busy}
      >
        <p>{t('settings.removeVenueText', { name: removing?.name ?? '' })}</p>
      </ConfirmDialog>
    </section>
  );
}

/** /admin/setting/location (場地資訊設定): the default region and place, and the team's venues. */
export function LocationPage() {
  const { t } = useTranslation();
  return (
    <SettingsPage
      title={t('settings.items.location.title')}
      description={t('settings.items.location.description')}
      testId="setting-location"
    >
      {(data) => (
        <>
          <DefaultPlaceForm data={data} />
          <VenueList defaultRegion={data.default_region} />
        </>
      )}
    </SettingsPage>
  );
}
