import { ShareIcon } from '@shuttle/shared/web/icons.tsx';
import { notify } from '@shuttle/shared/web/ui-store.ts';
import { useTranslation } from 'react-i18next';
import { env } from '@/config/env';

/** The session's public share link (docs/LINE.md, "Share card"): the member API's share page. */
export const shareLinkOf = (origin: string, memberApiBase: string, sessionId: string) =>
  `${new URL(memberApiBase, origin).href.replace(/\/+$/, '')}/share/${encodeURIComponent(sessionId)}`;

/**
 * 分享到群組: the system share sheet where there is one (phones), else the link copied for the
 * organiser to paste into the LINE group, where it shows as the session's card. A team-only
 * session has no public share page, so the button gives way to a line saying so.
 */
export function ShareSessionButton({ session }: { session: { id: string; title: string; isPublic: boolean } }) {
  const { t } = useTranslation();
  if (!session.isPublic)
    return (
      <p className="panel__text" data-testid="share-group-team-only">
        {t('shareGroup.teamOnly')}
      </p>
    );
  const share = async () => {
    const url = shareLinkOf(window.location.origin, env.memberApiBase, session.id);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: session.title, url });
      } catch (error) {
        // Closing the sheet is not a failure.
        if ((error as Error).name !== 'AbortError')
          notify({ level: 'error', title: t('shareGroup.button'), message: t('shareGroup.failed') });
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      notify({ level: 'success', title: t('shareGroup.copiedTitle'), message: t('shareGroup.copied') });
    } catch {
      notify({ level: 'error', title: t('shareGroup.button'), message: t('shareGroup.failed') });
    }
  };
  return (
    <button type="button" className="button button--outline" onClick={() => void share()} data-testid="share-group">
      <ShareIcon size={16} />
      {t('shareGroup.button')}
    </button>
  );
}
