import { AppLogo } from '@shuttle/shared/web/loading-overlays.tsx';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { LanguageSelect } from './language-select';

/** The frame of the screens before login: logo, one card, the language choice. */
export function AuthLayout({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  useDocumentTitle(title);
  return (
    <div className="auth-layout">
      <div className="auth-layout__top">
        <span className="brand">
          <AppLogo size={36} />
          <span className="brand__name">Shuttle</span>
          <span className="brand__tag">Admin</span>
        </span>
        <LanguageSelect compact />
      </div>
      <main className={`auth-card${wide ? ' auth-card--wide' : ''}`} id="main">
        <h1 className="auth-card__title">{title}</h1>
        {children}
      </main>
    </div>
  );
}
