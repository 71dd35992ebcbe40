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
mountApp(<App />, () => initI18n());
// In a task of its own, after the entry's: the login check and the screen's chunk and data go
// out a moment later, without adding to the entry's long task (docs/PLAYER-EXPERIENCE.md, "Speed").
setTimeout(startFirstScreen, 0);
