import { setUpAppTests } from '@shuttle/shared/web/testing-setup.ts';
import { changeLanguage, initI18n, textsComplete } from '@/lib/i18n';

setUpAppTests({ initI18n, changeLanguage, textsComplete });
