import { LANGUAGES, type Language } from '@shuttle/shared';
import { isLanguage } from '@shuttle/shared/web/i18n-loader.ts';
import { GlobeIcon } from '@shuttle/shared/web/icons.tsx';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '@/lib/i18n';

/** The five languages, each named in itself; the choice is shared with the member app. */
export function LanguageSelect({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const current: Language = isLanguage(i18n.language) ? i18n.language : 'zh-TW';
  return (
    <label className={`language-select${compact ? ' language-select--compact' : ''}`}>
      <GlobeIcon size={18} />
      <span className="sr-only">{t('language.label')}</span>
      <select
        value={current}
        onChange={(event) => void changeLanguage(event.target.value as Language)}
        data-testid="language-select"
      >
        {LANGUAGES.map((lng) => (
          <option key={lng} value={lng}>
            {t(`language.names.${lng}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
