import { mountApp } from '@shuttle/shared/web/mount-app.tsx';
import { App } from '@/app/app';
import { bootstrapAuth } from '@/app/bootstrap-auth';
import { startFirstScreen } from '@/app/first-screen';
import { linkQueries } from '@/app/query-links';
import { nextTask } from '@/lib/first-screen-drawn';
import { initI18n } from '@/lib/i18n';
import '@shuttle/shared/web/base.css';
import '@shuttle/shared/web/overlays.css';
import '@/styles/global.css';
import '@/styles/experience.css';

linkQueries();
// The first session list and the runtime configuration start before React mounts.
startFirstScreen();
mountApp(<App />, async () => {
  // What follows runs in a task of its own: one long task at start-up would hold up the first
  // screen on a slow phone as much as the work itself (docs/PLAYER-EXPERIENCE.md, "Speed").
  await nextTask();
  // The login check and LIFF start in parallel with the first render; neither blocks it.
  void bootstrapAuth();
  await initI18n();
});
