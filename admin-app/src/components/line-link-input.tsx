import { useTranslation } from 'react-i18next';
import type { FieldControl } from './field';

/** The team's LINE community link (https), as the team form and the LINE settings both ask for it. */
export function LineLinkInput({
  control,
  value,
  onChange,
}: {
  control: FieldControl;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const hint = t('common.lineLinkExample');
  return (
    <input
      {...control}
      className="input"
      type="url"
      inputMode="url"
      placeholder={hint}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
