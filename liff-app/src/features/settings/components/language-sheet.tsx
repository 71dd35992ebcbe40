import { LANGUAGES, type Language } from '@shuttle/shared';
import { Dialog } from '@shuttle/shared/web/dialog.tsx';
import { CheckIcon } from '@shuttle/shared/web/icons.tsx';
import { setLoading } from '@shuttle/shared/web/ui-store.ts';
import { useTranslation } from 'react-i18next';
import { authStore } from '@/lib/auth';
import { changeLanguage } from '@/lib/i18n';
import { updateProfileLanguage } from '../api/update-profile';

/** Language settings: saved in this browser, and on the profile when logged in. */
export function LanguageSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const choose = async (language: Language) => {
    onClose();
    if (language === i18n.language) return;
    setLoading('isLoading1', true);
    try {
      await changeLanguage(language);
    } catch (error) {
      console.error('Switching language failed', error);
    } finally {
      setLoading('isLoading1', false);
    }
    if (authStore.get().token) {
      updateProfileLanguage(language).catch((error: unknown) => console.error('Saving the language failed', error));
    }
  };
  return (
    <Dialog open={open} title={t('settings.language.title')} onClose={onClose} variant="sheet" testId="language-sheet">
      <ul className="option-list">
        {LANGUAGES.map((language) => {
          const selected = i18n.language === language;
          return (
            <li key={language}>
              <button
                type="button"
                aria-current={selected ? 'true' : undefined}
                lang={language}
                className="option-list__item"
                onClick={() => choose(language)}
                data-language={language}
              >
                <span>{t(`language.names.${language}`)}</span>
                {selected && <CheckIcon />}
              </button>
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}
