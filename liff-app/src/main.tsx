import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { bootstrapAuth } from '@/app/bootstrap-auth';
import { initI18n } from '@/lib/i18n';
import '@/styles/global.css';

const container = document.getElementById('root')!;

async function start() {
  // The login check and LIFF start in parallel with the first render; neither blocks it.
  void bootstrapAuth();
  await initI18n();
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

start().catch((error: unknown) => {
  console.error('The app could not start', error);
  // Nothing translated is available yet: a plain bilingual message with a retry.
  container.innerHTML =
    '<div class="boot boot--error" role="alert"><p>無法載入，請檢查網路後重試。<br>Could not load, please check your connection.</p><button type="button" onclick="location.reload()">重新整理 / Reload</button></div>';
});
