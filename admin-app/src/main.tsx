import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { initI18n } from '@/lib/i18n';
import '@/styles/global.css';

const container = document.getElementById('root')!;

async function start() {
  await initI18n();
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

start().catch((error: unknown) => {
  console.error('The admin app could not start', error);
  // No translation could load: index.html carries a bilingual message with a reload button.
  const fallback = document.getElementById('boot-error') as HTMLTemplateElement | null;
  if (fallback) container.replaceChildren(fallback.content.cloneNode(true));
});
