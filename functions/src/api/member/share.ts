import { LANGUAGES, type Language, shareImagePath, sharePagePath } from '@shuttle/shared';
import type { Context } from 'hono';
import { sessionUrl } from '#line/flex.ts';
import { lineAppUrl } from '#line/mini-app.ts';
import type { ShareImageRenderer } from '#line/share-card-image.ts';
import type { Clock } from '#platform/clock.ts';
import { type ContractAppOptions, newApiApp } from '#platform/http.ts';
import type { RateBucket } from '#platform/rate-limit.ts';
import type { SessionRecord } from '#sessions/model.ts';
import type { SessionRepository } from '#sessions/repository.ts';
import { languageOf, shareCard } from '../views/share-card.ts';
import { SHARE_PAGE_CSP, shareNotFoundPage, sharePage } from '../views/share-page.ts';

export interface ShareRouteDeps {
  clock: Clock;
  sessions: SessionRepository;
  http: ContractAppOptions;
  /** Buckets the page and the image count against, by address (empty: limits off). */
  shareRate: readonly RateBucket[];
  /** Origin of the member app (`APP_BASE_URL`): every link of the page, never the request's host. */
  appBaseUrl: string;
  /** The member app's LIFF id, for the page's "open in LINE" button; none: only the browser link. */
  liffId?: string;
  /** LINE MINI App mode: the button opens the permanent `https://miniapp.line.me/<liffId>/…` link. */
  miniAppLinks?: boolean;
  /** Draws the preview image (line/share-card-image.ts, `shareCardRenderer`), the same locally and on Lambda. */
  renderImage: ShareImageRenderer;
}

/** Places change: a chat or a CDN keeps a page or an image five minutes at most. */
export const SHARE_CACHE_CONTROL = 'public, max-age=300';
const SESSION_ID = /^[A-Za-z0-9_.:-]{1,64}$/;

/**
 * `GET /api/share/<sessionId>` (the session's public share page: Open Graph tags a chat renders as
 * a preview, and the card with buttons into the member app) and `GET /api/share/<sessionId>/card.png`
 * (its 1200 x 630 preview image). Public sessions only: a team-only, unknown or deleted session
 * answers the same 404 page. docs/LINE.md, "Share card"; docs/PRIVACY.md.
 */
export function shareRoutes(s: ShareRouteDeps) {
  const app = newApiApp();
  const limit = async (c: Context) => {
    const limiter = s.http.rateLimiter;
    if (!limiter || s.shareRate.length === 0) return;
    const address = s.http.clientAddress?.(c) ?? 'unknown';
    await limiter.check(s.shareRate, { address, account: null, email: null });
  };
  /** One read: the session item. */
  const publicSession = async (id: string): Promise<SessionRecord | null> => {
    if (!SESSION_ID.test(id)) return null;
    const session = await s.sessions.get(id);
    return session?.isPublic ? session : null;
  };
  const notFound = (c: Context, language: Language) =>
    c.html(shareNotFoundPage(language), 404, {
      'cache-control': 'public, max-age=60',
      'content-security-policy': SHARE_PAGE_CSP,
      'content-language': language,
    });

  app.get('/share/:sessionId', async (c) => {
    await limit(c);
    const language = languageOf(c.req.header('accept-language'));
    const session = await publicSession(c.req.param('sessionId'));
    if (!session) return notFound(c, language);
    const card = shareCard(session, s.clock.now(), language);
    const pageUrl = `${s.appBaseUrl}${sharePagePath(session.id)}`;
    const html = sharePage(card, {
      pageUrl,
      imageUrl: `${s.appBaseUrl}${shareImagePath(session.id)}?lang=${language}`,
      ...(s.liffId ? { liffUrl: sessionUrl(lineAppUrl(s.liffId, s.miniAppLinks), session.id) } : {}),
      webUrl: sessionUrl(s.appBaseUrl, session.id),
    });
    return c.html(html, 200, {
      'cache-control': SHARE_CACHE_CONTROL,
      'content-security-policy': SHARE_PAGE_CSP,
      'content-language': language,
      vary: 'accept-language',
    });
  });

  app.get('/share/:sessionId/card.png', async (c) => {
    await limit(c);
    const asked = c.req.query('lang');
    const language = LANGUAGES.find((l) => l === asked) ?? languageOf(c.req.header('accept-language'));
    const session = await publicSession(c.req.param('sessionId'));
    if (!session) return notFound(c, language);
    const png = await s.renderImage(shareCard(session, s.clock.now(), language));
    return c.body(png, 200, { 'content-type': 'image/png', 'cache-control': SHARE_CACHE_CONTROL });
  });
  return app;
}
