import { REGIONS } from '@shuttle/shared';
import { useTranslation } from 'react-i18next';

/**
 * The `<option>`s of a region `<select>`: the value stays the region's Chinese name (the stored
 * value), the label is translated (`regions.*` in admin.json), as the member app's region chips.
 */
export function RegionOptions() {
  const { t } = useTranslation();
  return REGIONS.map((region) => (
    <option key={region} value={region}>
      {t(`regions.${region}`)}
    </option>
  ));
}
