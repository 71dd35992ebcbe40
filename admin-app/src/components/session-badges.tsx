import type { Category, SessionStateInput } from '@shuttle/shared';
import { SessionStatusBadge } from '@shuttle/shared/web/session-status.tsx';
import { useTranslation } from 'react-i18next';

/**
 * A session's one status badge, the words players see (the status model, both apps: 已額滿 where
 * players see 已額滿, 抽籤報名中 for a lottery taking entries), and the team-only mark.
 */
export function SessionBadges({ session }: { session: SessionStateInput & { isPublic: boolean } }) {
  const { t } = useTranslation();
  return (
    <span className="badge-row">
      <SessionStatusBadge session={session} />
      {!session.isPublic && <span className="badge badge--muted">{t('session.teamOnly')}</span>}
    </span>
  );
}

export function CategoryTags({ categories }: { categories: Category[] }) {
  const { t } = useTranslation();
  return (
    <span className="chip-list">
      {categories.map((c) => (
        <span key={c} className={`tag tag--${c}`}>
          {t(`category.${c}`)}
        </span>
      ))}
    </span>
  );
}
