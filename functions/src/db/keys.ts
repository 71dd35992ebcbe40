/**
 * The only module that knows the single-table key formats. See TABLE.md for the access
 * pattern each key serves. Instants in sort keys are ISO-8601 UTC strings, which sort as time.
 */

export const key = {
  user: (userId: string) => ({ PK: `USER#${userId}`, SK: 'PROFILE' }),
  emailCode: (userId: string) => ({ PK: `USER#${userId}`, SK: 'EMAILCODE' }),
  /** A player's rating from games played (docs/ON-COURT.md, "Ratings"), one item with a version. */
  rating: (userId: string) => ({ PK: `USER#${userId}`, SK: 'RATING' }),
  emailClaim: (email: string) => ({ PK: `EMAIL#${email.toLowerCase()}`, SK: 'EMAIL' }),
  /**
   * How many times the account of a login (`<provider>_<sub>`) was deleted; a later sign-in
   * starts the record `<provider>_<sub>.<n>` (docs/PRIVACY.md; `players/player-accounts.ts`).
   */
  deletedLogin: (baseUserId: string) => ({ PK: `USER#${baseUserId}`, SK: 'DELETED' }),
  /**
   * A LINE MINI App notification token for the player's booking of a session, sealed (TTL: the
   * session's end; notifications/service-token-repository.ts, docs/LINE.md "Service messages").
   */
  serviceToken: (userId: string, sessionId: string) => ({ PK: `USER#${userId}`, SK: `SVCTOKEN#${sessionId}` }),
  /** Wrong code tries of a player in one Taipei day (TTL), across every code they asked for. */
  codeTries: (userId: string, day: string) => ({ PK: `USER#${userId}`, SK: `CODETRIES#${day}` }),

  team: (teamId: string) => ({ PK: `TEAM#${teamId}`, SK: 'TEAM' }),
  teamMember: (teamId: string, userId: string) => ({ PK: `TEAM#${teamId}`, SK: `MEMBER#${userId}` }),
  /** A player's pending request to join a team that approves joins; never a membership. */
  joinRequest: (teamId: string, userId: string) => ({ PK: `TEAM#${teamId}`, SK: `JOINREQ#${userId}` }),
  /**
   * A player has booked one of the team's sessions (written with every booking row;
   * docs/ARCHITECTURE.md, "References"): what lets an admin name a non-member, e.g. as a walk-in.
   */
  teamPlayed: (teamId: string, userId: string) => ({ PK: `TEAM#${teamId}`, SK: `PLAYED#${userId}` }),
  /** What a team created in one Taipei day (TTL), counted in the transaction that creates it. */
  teamQuota: (teamId: string, day: string) => ({ PK: `TEAM#${teamId}`, SK: `QUOTA#${day}` }),
  /** LINE messages pushed for a team in one Taipei month (TTL), added by the dispatcher. */
  teamLineUsage: (teamId: string, month: string) => ({ PK: `TEAM#${teamId}`, SK: `LINEUSAGE#${month}` }),
  /** 1:1 LINE pushes of a team in one Taipei day (notifications/line-daily-cap.ts). */
  teamLinePushDay: (teamId: string, day: string) => ({ PK: `TEAM#${teamId}`, SK: `LINEPUSHDAY#${day}` }),
  /** A season pass sold to a player; its id starts with its last valid date (docs/MONEY.md). */
  pass: (teamId: string, passId: string) => ({ PK: `TEAM#${teamId}`, SK: `PASS#${passId}` }),
  /** The team's shuttle stock and settlement defaults (docs/ON-COURT.md, "Shuttle stock"). */
  teamShuttles: (teamId: string) => ({ PK: `TEAM#${teamId}`, SK: 'SHUTTLES' }),
  /** A player's credit with the team: refunds kept for later sessions (docs/MONEY.md, "Refunds and credit"). */
  credit: (teamId: string, userId: string) => ({ PK: `TEAM#${teamId}`, SK: `CREDIT#${userId}` }),

  session: (sessionId: string) => ({ PK: `SESSION#${sessionId}`, SK: 'SESSION' }),
  booking: (sessionId: string, userId: string) => ({ PK: `SESSION#${sessionId}`, SK: `BOOKING#${userId}` }),
  /** The night's settlement of a session (docs/ON-COURT.md, "Settlement"), one item with a version. */
  settlement: (sessionId: string) => ({ PK: `SESSION#${sessionId}`, SK: 'SETTLEMENT' }),

  /** The session's self check-in code (docs/ON-COURT.md, "Self check-in"), a secret of its team's admins. */
  selfCheckIn: (sessionId: string) => ({ PK: `SESSION#${sessionId}`, SK: 'SELFCHECKIN' }),

  /** The session's rotation board (docs/ON-COURT.md, "Rotation"), one item with a version. */
  rotation: (sessionId: string) => ({ PK: `SESSION#${sessionId}`, SK: 'ROTATION' }),
  /** A venue-screen token of a rotation board, keyed by the SHA-256 of the token. */
  rotationScreen: (tokenHash: string) => ({ PK: `ROTSCREEN#${tokenHash}`, SK: 'ROTSCREEN' }),
  /**
   * One of a board's socket places on AWS (TTL; rotation/socket-repository.ts), all of a session in one
   * partition: the socket holding it, with its viewer. A place is taken by a conditional Put.
   */
  rotationSocket: (sessionId: string, slot: number) => ({
    PK: `ROTWS#${sessionId}`,
    SK: `SLOT#${String(slot).padStart(3, '0')}`,
  }),
  /** The session and places of an open board socket (TTL), for `$disconnect`, which only knows the connection id. */
  rotationSocketOwner: (connectionId: string) => ({ PK: `ROTWSCONN#${connectionId}`, SK: 'ROTWSCONN' }),
  /** One of a viewer's socket places on a board (TTL); the viewer's partition lists their sockets on every board. */
  rotationViewerSocket: (viewerKey: string, sessionId: string, slot: number) => ({
    PK: `ROTWSVIEWER#${viewerKey}`,
    SK: `SESSION#${sessionId}#${slot}`,
  }),
  /** One of an address's socket places (TTL), on every board. */
  rotationAddressSocket: (address: string, slot: number) => ({
    PK: `ROTWSADDR#${address}`,
    SK: `SLOT#${String(slot).padStart(2, '0')}`,
  }),

  idempotency: (scope: string, idempotencyKey: string) => ({ PK: `IDEM#${scope}#${idempotencyKey}`, SK: 'IDEM' }),
  outbox: (outboxId: string) => ({ PK: `OUTBOX#${outboxId}`, SK: 'OUTBOX' }),
  /** A LINE webhook event already handled (TTL), so a redelivery is answered without acting twice. */
  lineWebhookEvent: (webhookEventId: string) => ({ PK: `LINEEVENT#${webhookEventId}`, SK: 'LINEEVENT' }),
  /** A one-time LINE group binding code, keyed by its SHA-256 (TTL); see "LINE groups" in TABLE.md. */
  lineBindCode: (codeHash: string) => ({ PK: `LINEBIND#${codeHash}`, SK: 'LINEBIND' }),
  /** The team's newest binding code: a new code replaces the one it names. */
  teamLineBindCode: (teamId: string) => ({ PK: `TEAM#${teamId}`, SK: 'LINEBIND' }),
  /** The team a LINE group is bound to (one team per group). */
  lineGroup: (groupId: string) => ({ PK: `LINEGROUP#${groupId}`, SK: 'LINEGROUP' }),
  /** A personal calendar feed, keyed by the SHA-256 of its URL token (`calendar/feeds.ts`). */
  calendarFeed: (tokenHash: string) => ({ PK: `CALFEED#${tokenHash}`, SK: 'CALFEED' }),
  /** The player's current calendar feed token: a new one replaces the feed it names. */
  userCalendarFeed: (userId: string) => ({ PK: `USER#${userId}`, SK: 'CALFEED' }),
  /**
   * Work the sign-up job owes at `dueAt` (a lottery draw, a waitlist offer's expiry), all in one
   * partition read oldest-due first (TABLE.md, "Fair sign-up"; `bookings/sign-up-jobs.ts`).
   */
  signupJob: (dueAt: string, kind: string, ref: string) => ({ PK: 'SIGNUPJOBS', SK: `${dueAt}#${kind}#${ref}` }),
  /** Calls of one client in one fixed window of a rate bucket (TTL: the window's end). */
  rateCounter: (bucket: string, client: string, windowStart: number) => ({
    PK: `RATE#${bucket}#${client}#${windowStart}`,
    SK: 'RATE',
  }),
} as const;

/** A walk-in guest without an account (`signed/addWalkIn` by name): no profile, no `teamPlayed` record. */
export const guestUserId = (suffix: string) => `guest_${suffix}`;
export const isGuestId = (userId: string) => userId.startsWith('guest_');

/** Prefixes used in `begins_with` conditions on a partition's sort key. */
export const prefix = {
  booking: 'BOOKING#',
  member: 'MEMBER#',
  joinRequest: 'JOINREQ#',
  pass: 'PASS#',
  credit: 'CREDIT#',
} as const;

/** Secondary index keys, one function per access pattern. */
export const index = {
  /** GSI1: all teams by name (team filter lists). */
  teamsByName: (teamName: string, teamId: string) => ({ GSI1PK: 'TEAMS', GSI1SK: `${teamName}#${teamId}` }),
  allTeamsPartition: 'TEAMS',

  /** GSI1: sessions of a Taipei month by start time (browse). */
  sessionsByMonth: (month: string, startsAt: string, sessionId: string) => ({
    GSI1PK: `SESSIONS#${month}`,
    GSI1SK: `${startsAt}#${sessionId}`,
  }),
  monthPartition: (month: string) => `SESSIONS#${month}`,

  /** GSI2: sessions of one region in a Taipei month by start time (browse with a region filter). */
  sessionsByRegionMonth: (region: string, month: string, startsAt: string, sessionId: string) => ({
    GSI2PK: `REGION#${region}#${month}`,
    GSI2SK: `${startsAt}#${sessionId}`,
  }),
  regionMonthPartition: (region: string, month: string) => `REGION#${region}#${month}`,

  /** GSI3: a team's sessions by start time (team filter, admin session lists). */
  sessionsOfTeam: (teamId: string, startsAt: string, sessionId: string) => ({
    GSI3PK: `TEAM#${teamId}#SESSIONS`,
    GSI3SK: `${startsAt}#${sessionId}`,
  }),
  teamSessionsPartition: (teamId: string) => `TEAM#${teamId}#SESSIONS`,

  /** GSI3: a team's settlements by their session's start (monthly balance). */
  settlementsOfTeam: (teamId: string, startsAt: string, sessionId: string) => ({
    GSI3PK: `TEAM#${teamId}#SETTLEMENTS`,
    GSI3SK: `${startsAt}#${sessionId}`,
  }),
  teamSettlementsPartition: (teamId: string) => `TEAM#${teamId}#SETTLEMENTS`,

  /** GSI4: sessions of a Taipei day by price, then start (price order within a chosen date). */
  sessionsByPriceDay: (day: string, price: number, startsAt: string, sessionId: string) => ({
    GSI4PK: `PRICE#${day}`,
    GSI4SK: `${String(price).padStart(PRICE_DIGITS, '0')}#${startsAt}#${sessionId}`,
  }),
  priceDayPartition: (day: string) => `PRICE#${day}`,

  /** GSI1: a player's bookings by session start (upcoming list and history). */
  bookingsOfUser: (userId: string, startsAt: string, sessionId: string) => ({
    GSI1PK: `USER#${userId}#BOOKINGS`,
    GSI1SK: `${startsAt}#${sessionId}`,
  }),
  userBookingsPartition: (userId: string) => `USER#${userId}#BOOKINGS`,

  /** GSI2: the teams a player belongs to. */
  teamsOfUser: (userId: string, teamId: string) => ({ GSI2PK: `USER#${userId}#TEAMS`, GSI2SK: `TEAM#${teamId}` }),
  userTeamsPartition: (userId: string) => `USER#${userId}#TEAMS`,

  /** GSI2: a player's season passes by id (which starts with the last valid date). */
  passesOfUser: (userId: string, passId: string) => ({ GSI2PK: `USER#${userId}#PASSES`, GSI2SK: passId }),
  userPassesPartition: (userId: string) => `USER#${userId}#PASSES`,

  /** GSI1: notification records not yet delivered, oldest first (sparse: removed once sent). */
  pendingOutbox: (createdAt: string, outboxId: string) => ({
    GSI1PK: 'OUTBOX#PENDING',
    GSI1SK: `${createdAt}#${outboxId}`,
  }),
  pendingOutboxPartition: 'OUTBOX#PENDING',
} as const;

/** Prices are whole NT$ below 10^7, zero-padded so the price index sorts them as numbers. */
export const PRICE_DIGITS = 7;

/**
 * All four browse indexes of a session item; `month` and `day` are the Taipei month and date
 * of its start.
 */
export function sessionIndexKeys(s: {
  id: string;
  region: string;
  teamId: string;
  startsAt: string;
  price: number;
  month: string;
  day: string;
}) {
  return {
    ...index.sessionsByMonth(s.month, s.startsAt, s.id),
    ...index.sessionsByRegionMonth(s.region, s.month, s.startsAt, s.id),
    ...index.sessionsOfTeam(s.teamId, s.startsAt, s.id),
    ...index.sessionsByPriceDay(s.day, s.price, s.startsAt, s.id),
  };
}

/** Seconds-since-epoch for DynamoDB's TTL attribute. */
export const ttlAt = (instant: Date, afterSeconds: number) => Math.floor(instant.getTime() / 1000) + afterSeconds;

/** Admin accounts, team administration and settings (see "Admin entities" in TABLE.md). */
export const adminKey = {
  admin: (adminId: string) => ({ PK: `ADMIN#${adminId}`, SK: 'PROFILE' }),
  /** One account per email; also the partition of that email's failed-login guard. */
  adminEmail: (email: string) => ({ PK: `ADMINEMAIL#${email.toLowerCase()}`, SK: 'ADMINEMAIL' }),
  loginGuard: (email: string) => ({ PK: `ADMINEMAIL#${email.toLowerCase()}`, SK: 'LOGINGUARD' }),
  passwordReset: (adminId: string) => ({ PK: `ADMIN#${adminId}`, SK: 'RESET' }),
  emailCode: (adminId: string) => ({ PK: `ADMIN#${adminId}`, SK: 'EMAILCODE' }),
  /** Wrong reset and verification codes of an account in one Taipei day (TTL). */
  codeTries: (adminId: string, day: string) => ({ PK: `ADMIN#${adminId}`, SK: `CODETRIES#${day}` }),
  teamAdmin: (teamId: string, adminId: string) => ({ PK: `TEAM#${teamId}`, SK: `ADMIN#${adminId}` }),
  venue: (teamId: string, venueId: string) => ({ PK: `TEAM#${teamId}`, SK: `VENUE#${venueId}` }),
  /** Keyed by a hash of the emailed token, so only the email's owner can find it. */
  invite: (tokenHash: string) => ({ PK: `INVITE#${tokenHash}`, SK: 'INVITE' }),
} as const;

export const adminPrefix = {
  teamAdmin: 'ADMIN#',
  venue: 'VENUE#',
} as const;

export const adminIndex = {
  /** GSI2: the teams an admin runs. */
  teamsOfAdmin: (adminId: string, teamId: string) => ({ GSI2PK: `ADMIN#${adminId}#TEAMS`, GSI2SK: `TEAM#${teamId}` }),
  adminTeamsPartition: (adminId: string) => `ADMIN#${adminId}#TEAMS`,

  /** GSI2: a team's pending admin invitations by email. */
  invitesOfTeam: (teamId: string, email: string, createdAt: string) => ({
    GSI2PK: `TEAM#${teamId}#INVITES`,
    GSI2SK: `${email.toLowerCase()}#${createdAt}`,
  }),
  teamInvitesPartition: (teamId: string) => `TEAM#${teamId}#INVITES`,
} as const;

/** Idempotency scope of an admin's retried mutation (the engine's records, keyed per admin). */
export const adminIdempotencyScope = (adminId: string) => `admin_${adminId}`;
