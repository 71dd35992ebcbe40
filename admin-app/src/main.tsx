import { mountApp } from '@shuttle/shared/web/mount-app.tsx';
import { App } from '@/app/app';
import { startFirstScreen } from '@/app/first-screen';
import { linkQueries } from '@/app/query-links';
import { initI18n } from '@/lib/i18n';
import '@shuttle/shared/web/base.css';
import '@shuttle/shared/web/overlays.css';
import '@/styles/global.css';
import '@/styles/accessibility.css';
import '@/styles/checkin.css';
import '@/styles/dark.css';

linkQueries();
startFirstScreen();
mountApp(<App />, () => initI18n());
