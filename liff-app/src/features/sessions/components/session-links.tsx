import { calendarSessionPath } from '@shuttle/shared';
import { downloadFile } from '@shuttle/shared/web/download.ts';
import { CalendarIcon, CopyIcon, PinIcon, ShareIcon } from '@shuttle/shared/web/icons.tsx';
import { notify } from '@shuttle/shared/web/ui-store.ts';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntimeConfig } from '@/config/config-loader';
import { apiCall } from '@/lib/api-client';
import { currentToken } from '@/lib/auth';
import { copyText } from '@/lib/clipboard';
import {
  appleMapsDirections,
  googleCalendarUrl,
  googleMapsDirections,
  type LinkedSession,
  sessionIcsUrl,
  sessionPageUrl,
  sessionShareUrl,
} from '../model/session-links';

/** Directions to the venue in Google Maps and Apple Maps, as 44 px buttons under the address. */
export function DirectionsLinks({ session }: { session: Pick<LinkedSession, 'venue' | 'address'> }) {
  const { t } = useTranslation();
  return (
    <div className="px-actions" data-testid="directions">
      <a
        className="button button--outline button--small"
        href={googleMapsDirections(session)}
        target="_blank"
        rel="noreferrer"
      >
        <PinIcon size={18} />
        {t('px.directions.google')}
      </a>
      <a
        className="button button--outline button--small"
        href={appleMapsDirections(session)}
        target="_blank"
        rel="noreferrer"
      >
        <PinIcon size={18} />
        {t('px.directions.apple')}
      </a>
    </div>
  );
}

/**
 * A team-only session's .ics is served only with the player's token (the API answers 404 without
 * it), which a plain link cannot send: fetch it through the API client and save the file.
 */
async function downloadWithToken(event: MouseEvent<HTMLAnchorElement>, sessionId: string) {
  if (!currentToken()) return;
  event.preventDefault();
  const file = await apiCall.fileAt(calendarSessionPath(sessionId)).catch(() => null);
  if (file) downloadFile(file, `${sessionId}.ics`);
}

/** After booking: the session into the player's calendar, as an .ics file or a Google Calendar event. */
export function CalendarLinks({ session }: { session: LinkedSession & { isPublic?: boolean } }) {
  const { t } = useTranslation();
  const config = useRuntimeConfig();
  const page = sessionPageUrl(window.location.origin, session.id);
  return (
    <div className="px-actions" data-testid="calendar-links">
      <a
        className="button button--outline button--small"
        href={sessionIcsUrl(config?.apiBase ?? '/api', session.id)}
        download={`${session.id}.ics`}
        onClick={session.isPublic === false ? (e) => void downloadWithToken(e, session.id) : undefined}
        data-testid="calendar-ics"
      >
        <CalendarIcon size={18} />
        {t('px.calendar.add')}
      </a>
      <a
        className="button button--outline button--small"
        href={googleCalendarUrl(session, page)}
        target="_blank"
        rel="noreferrer"
        data-testid="calendar-google"
      >
        <CalendarIcon size={18} />
        {t('px.calendar.google')}
      </a>
    </div>
  );
}

/**
 * Outside LINE: the system share sheet (Web Share API), or copying the link where there is
 * none (desktop browsers). Inside LINE the LINE share picker is used instead.
 */
export function SystemShareButton({
  session,
}: {
  session: Pick<LinkedSession, 'id' | 'title'> & { isPublic?: boolean };
}) {
  const { t } = useTranslation();
  const config = useRuntimeConfig();
  // A team-only session has no public share page (it answers 404): its link is the app's page.
  const url =
    session.isPublic === false
      ? sessionPageUrl(window.location.origin, session.id)
      : sessionShareUrl(window.location.origin, config?.apiBase ?? '/api', session.id);
  const canShare = typeof navigator.share === 'function';
  const share = async () => {
    if (canShare) {
      try {
        await navigator.share({ title: session.title, text: session.title, url });
      } catch (error) {
        // Closing the sheet is not a failure.
        if ((error as Error).name !== 'AbortError') console.error('Sharing failed', error);
      }
      return;
    }
    try {
      await copyText(url);
      notify({ level: 'success', title: t('px.share.copiedTitle'), message: t('px.share.copied') });
    } catch {
      notify({ level: 'error', title: t('share.failedTitle'), message: t('px.share.copyFailed') });
    }
  };
  return (
    <button
      type="button"
      className="icon-button"
      onClick={share}
      aria-label={canShare ? t('px.share.button') : t('px.share.copyLink')}
      data-testid="share-system"
    >
      {canShare ? <ShareIcon size={22} /> : <CopyIcon size={22} />}
    </button>
  );
}
