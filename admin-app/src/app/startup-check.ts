import type { DefaultData } from '@shuttle/shared';
import { fetchQuery } from '@shuttle/shared/web/query.ts';
import { notify } from '@shuttle/shared/web/ui-store.ts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getDefaultData } from '@/features/settings/api/get-default-data';
import { settingsKeys } from '@/features/settings/api/keys';

const LOCATION_SETTING_PATH = '/setting/location';

/** A team without a default region is warned and sent to the location settings: new sessions need the region. */
export function needsDefaultRegion(data: Pick<DefaultData, 'default_region'>): boolean {
  return data.default_region.trim() === '';
}

let checkedTeam: string | null = null;

/** For tests: the next start-up check runs again. */
export function resetStartupCheck(): void {
  checkedTeam = null;
}

/** Runs once per team and page load, after the login check: reads the default data and warns. */
export function useStartupCheck(teamId: string | null): void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!teamId || checkedTeam === teamId) return;
    checkedTeam = teamId;
    fetchQuery(settingsKeys.defaultData, getDefaultData)
      .then((data) => {
        if (!needsDefaultRegion(data)) return;
        notify({ level: 'warning', title: t('startup.noRegionTitle'), message: t('startup.noRegionMessage') });
        navigate(LOCATION_SETTING_PATH);
      })
      .catch((error: unknown) => {
        checkedTeam = null;
        console.error('Reading the default data failed', error);
      });
  }, [teamId, t, navigate]);
}
