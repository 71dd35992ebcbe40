import { memberRoutes } from '@shuttle/shared';
import type { Hono } from 'hono';
import { leaderRoutes } from '#api/member/admin-accounts.ts';
import { authRoutes } from '#api/member/auth.ts';
import { bookingRoutes } from '#api/member/bookings.ts';
import { calendarRoutes } from '#api/member/calendar.ts';
import { notifyRoutes } from '#api/member/notify.ts';
import { paymentMemberRoutes } from '#api/member/payments.ts';
import { accountRoutes } from '#api/member/player-account.ts';
import { memberSettingRoutes } from '#api/member/players.ts';
import { rotationMemberRoutes } from '#api/member/rotation.ts';
import { sessionRoutes } from '#api/member/sessions.ts';
import { shareRoutes } from '#api/member/share.ts';
import { statsMemberRoutes } from '#api/member/stats.ts';
import { teamRoutes } from '#api/member/teams.ts';
import { CalendarFeeds } from '#calendar/feeds.ts';
import { type ShareImageFiles, shareCardRenderer } from '#line/share-card-image.ts';
import type { ApiEnv } from '#platform/http.ts';
import { contractApi } from './contract-api.ts';
import { appBaseUrlOf, rateLimitsOf } from './deps.ts';
import { emailVerification, playerBookingEngine } from './factories.ts';
import { rateBuckets } from './limits.ts';
import { API_DOCUMENTS } from './route-groups.ts';
import { type AppDeps, services } from './services.ts';

export const MEMBER_API_BASE = '/api';

export interface MemberApiOptions {
  /** Origin of the member app (`APP_BASE_URL`), for every link an answer carries (calendars). */
  appBaseUrl?: string;
  /** The member app's LIFF id: the share page's "open in LINE" button (docs/LINE.md, "Share card"). */
  liffId?: string;
  /** LINE MINI App mode (`SHUTTLE_MINI_APP`): that button opens the MINI App's permanent link. */
  miniApp?: boolean;
  /**
   * Where the share card's image reads resvg's WebAssembly and its fonts: beside the bundle on
   * Lambda (handlers/member-share-api.ts); by default where `npm ci` installed them.
   */
  shareImageFiles?: ShareImageFiles;
}

/** The member API (every call of `memberRoutes` in shared) as one Hono app, served by Lambda and locally alike. */
export function createMemberApi(deps: AppDeps, options: MemberApiOptions = {}): Hono<ApiEnv> {
  // A player's own join checks the session's level range (docs/ON-COURT.md, "Level filters");
  // the admin groups' engine adds players unchecked, and leaves the rating reads out of their bundles.
  const s = {
    ...services(deps),
    engine: playerBookingEngine(deps),
  };
  // Not in services(): the admin API never e-mails players a code (docs/DEPLOY.md, "Bundles").
  const emails = emailVerification(deps);
  return contractApi({
    base: MEMBER_API_BASE,
    routes: memberRoutes,
    ...API_DOCUMENTS.member,
    mounts: [
      authRoutes(s),
      sessionRoutes(s),
      bookingRoutes(s),
      notifyRoutes(s),
      teamRoutes(s),
      memberSettingRoutes({ ...s, emails }),
      accountRoutes(s),
      leaderRoutes(s),
      paymentMemberRoutes(s),
      rotationMemberRoutes(s),
      statsMemberRoutes(s),
      calendarRoutes({
        ...s,
        calendarFeeds: new CalendarFeeds({ store: deps.store, clock: deps.clock }),
        calendarRate: rateBuckets(['browse'], rateLimitsOf(deps)),
        appBaseUrl: appBaseUrlOf(options),
      }),
      shareRoutes({
        ...s,
        shareRate: rateBuckets(['browse'], rateLimitsOf(deps)),
        appBaseUrl: appBaseUrlOf(options),
        ...(options.liffId ? { liffId: options.liffId } : {}),
        ...(options.miniApp ? { miniAppLinks: true } : {}),
        renderImage: shareCardRenderer(options.shareImageFiles),
      }),
    ],
  });
}
