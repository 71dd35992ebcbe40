import { ROTATION_MODES, ROTATION_PLAYER_STATES, ROTATION_RULES, SCORING_POINTS } from '@shuttle/shared';
import { itemCodec } from '../codec.ts';
import { key } from '../keys.ts';
import * as z from '../schema.ts';

/**
 * The rotation board (docs/ON-COURT.md, "Rotation"; TABLE.md, "Rotation"): one item per session
 * with the whole board and a `version`, its venue-screen token and the AWS sockets watching it.
 * The board is the rule engine's input (`#rotation/engine.ts`), so it is checked in full.
 */

const side = /* @__PURE__ */ z.lazy(() => z.array(z.string()));
const teams = /* @__PURE__ */ z.lazy(() => z.tuple([side, side]));

/** A rating band on the 18-level table (`#rotation/rating-scale.ts` `ratingBand`). */
const ratingBandSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    level: z.number(),
    low: z.number(),
    high: z.number(),
    provisional: z.boolean(),
    games: z.number(),
  }),
);

const rotationPlayerSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    userId: z.string(),
    name: z.string(),
    /** Level on the 18-level table (docs/MONEY.md, "Player levels"); null: unknown (counted as UNKNOWN_LEVEL). */
    level: z.number().nullable(),
    /** Rating skill (mu) once they have rated games, for the `balanced` split (absent: from `level`). */
    skill: z.number().optional(),
    /** Their rating band for the team's admins only (docs/ON-COURT.md, "Admins see the band"); absent: none shown. */
    band: ratingBandSchema.optional(),
    state: z.enum(ROTATION_PLAYER_STATES),
    /** Games started tonight (the one on court included). */
    gamesPlayed: z.number(),
    /**
     * The fairness count the `balanced` rule sorts by: games played plus the catch-up a late
     * arrival (or a player back from a rest) is given so they join at the back of the queue
     * instead of jumping everyone who has played.
     */
    rank: z.number(),
    /** Event number since which the player waits (arrival, end of their game, back from rest). */
    readySince: z.number(),
    /** Event number of arrival (check-in order). */
    joinSeq: z.number(),
    /** Every partner tonight, in game order (doubles). */
    partners: z.array(z.string()),
    /** A fixed partner (a pair who came together), else null. */
    lockedWith: z.string().nullable(),
    /** Event number of the admin's "move up" (0: none); a moved-up player goes first, cleared when started. */
    boost: z.number(),
    /**
     * Games started, since the player began waiting, with someone who began waiting after them
     * (absent: 0); at `ROTATION_LIMITS.passedOverMax` they go first (docs/ON-COURT.md, "The rule").
     */
    passedOver: z.number().optional(),
    /** Opted in to one LINE push "you are up next" this evening (`checkState/rotation/notifyMe`; absent: no). */
    notifyUpNext: z.boolean().optional(),
    /** The first push was queued (its outbox record written with the board). */
    upNextQueued: z.boolean().optional(),
    /** Up-next pushes queued this evening (absent: 1 when `upNextQueued`, else 0); at most `ROTATION_LIMITS.upNextPushes`. */
    upNextSent: z.number().optional(),
    /**
     * The court the last push named while that game is still to come (null: the first that frees);
     * absent once it started or before any push. A change of that court is told again (up-next.ts).
     */
    upNextCourt: z.number().nullable().optional(),
  }),
);

const rotationGameSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    court: z.number(),
    /** userIds of each side. */
    teams,
    startedAt: z.string(),
    /** Consecutive games the side `teams[0]` has stayed on this court as winners (`winnerStays`). */
    stayStreak: z.number(),
  }),
);

/** A coming game fixed on the board: promised to `court`, or (null) to the first court that frees. */
const rotationComingGameSchema = /* @__PURE__ */ z.lazy(() => z.object({ court: z.number().nullable(), teams }));

/** A rating's model skill (`#rotation/ratings.ts`). */
const skillSchema = /* @__PURE__ */ z.lazy(() => z.object({ mu: z.number(), sigma: z.number() }));

const rotationLogEntrySchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    court: z.number(),
    teams,
    startedAt: z.string(),
    endedAt: z.string().nullable(),
    score: z.tuple([z.number(), z.number()]).nullable(),
    /** The winning side (0: teams[0]) from the score or a one-tap result; null or absent: no result. */
    winner: z
      .union([z.literal(0), z.literal(1)])
      .nullable()
      .optional(),
    /** What the result did to each player's rating (ratings.ts), so a correction moves it back. */
    ratings: z.array(z.object({ userId: z.string(), before: skillSchema, after: skillSchema })).optional(),
    /** The Idempotency-Key of the finish that ended it: a retry with it answers without a second change. */
    finishKey: z.string().optional(),
  }),
);

const rotationStateSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    mode: z.enum(ROTATION_MODES),
    rule: z.enum(ROTATION_RULES),
    /** Points a game is played to tonight (docs/ON-COURT.md, "Scores"); absent on older boards: 21. */
    scoring: z.enum(SCORING_POINTS).optional(),
    courts: z.array(z.number()),
    games: z.array(rotationGameSchema),
    /** Winners held on a free court for its next game (`winnerStays`). */
    holds: z.array(z.object({ court: z.number(), userIds: z.array(z.string()), streak: z.number() })),
    players: z.array(rotationPlayerSchema),
    /**
     * Coming games fixed on the board, in the order they were fixed (docs/ON-COURT.md, "A court
     * promise"): a game shown on a free court is promised to it and starts there; a game an admin's
     * swap fixed for a busy court (court null) goes on the first court that frees. Absent on boards
     * written before promises.
     */
    promised: z.array(rotationComingGameSchema).optional(),
    /** Boards written before promises: coming games fixed by a swap, read as promised to no court. */
    pinned: z.array(teams).optional(),
    /** Guests' ratings for this evening only (guests have no rating item; dropped with the board's evening). */
    guestRatings: z.record(z.string(), z.object({ mu: z.number(), sigma: z.number(), games: z.number() })).optional(),
    /** Event counter: every change adds one (waiting order). */
    seq: z.number(),
    log: z.array(rotationLogEntrySchema),
  }),
);

export type RatingBandRecord = z.output<typeof ratingBandSchema>;
export type RotationPlayerRecord = z.output<typeof rotationPlayerSchema>;
export type RotationGameRecord = z.output<typeof rotationGameSchema>;
export type RotationComingGame = z.output<typeof rotationComingGameSchema>;
export type RotationLogEntry = z.output<typeof rotationLogEntrySchema>;
/** The board as the rule engine sees it (`#rotation/engine.ts`): plain data, every operation answers a new one. */
export type RotationState = z.output<typeof rotationStateSchema>;

const rotationSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    type: z.literal('rotation'),
    sessionId: z.string(),
    teamId: z.string(),
    version: z.number(),
    state: rotationStateSchema,
    screenToken: z.string(),
    /**
     * The secret behind the players' board ids (`#rotation/board-ids.ts`); absent on boards opened
     * before it existed (their first screen token stands in until the next write keeps it).
     */
    boardKey: z.string().optional(),
    helperUserId: z.string().nullable(),
    updatedAt: z.string(),
  }),
);

/**
 * The rotation board item, `SESSION#<id>` / `ROTATION`: the whole board with a `version`; every
 * change is a Put conditioned on the version it read.
 */
export type RotationItem = z.output<typeof rotationSchema>;

export const rotationCodec = /* @__PURE__ */ itemCodec({
  name: 'rotation',
  schema: rotationSchema,
  keys: (r) => key.rotation(r.sessionId),
});

/** A venue-screen token of a board, keyed by the SHA-256 of the token. */
export const rotationScreenCodec = /* @__PURE__ */ itemCodec({
  name: 'rotationScreen',
  schema: /* @__PURE__ */ z.lazy(() => z.object({ type: z.literal('rotationScreen'), sessionId: z.string() })),
  keys: (_screen, tokenHash: string) => key.rotationScreen(tokenHash),
});

/** Who opened a socket (`#rotation/viewers.ts` `RotationViewer`): never the token itself. */
const socketViewerSchema = /* @__PURE__ */ z.lazy(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('admin'), adminId: z.string(), issuedAt: z.number() }),
    z.object({ kind: z.literal('member'), userId: z.string() }),
    z.object({ kind: z.literal('screen'), tokenHash: z.string() }),
  ]),
);

/** A socket's three places (board, viewer on it, address), kept on its board place and its owner item. */
const socketPlacesSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    sessionId: z.string(),
    slot: z.number(),
    viewerKey: z.string(),
    viewerSlot: z.number(),
    address: z.string(),
    addressSlot: z.number(),
  }),
);

/** What every place item holds: the socket holding it and when the place frees (epoch seconds, also the TTL). */
const placeFields = () => ({ connectionId: z.string(), sessionId: z.string(), expiresAt: z.number(), ttl: z.number() });

/**
 * One of a board's socket places on AWS (`ROTWS#<sessionId>` / `SLOT#<n>`, `#rotation/socket-repository.ts`):
 * the socket holding it, its viewer and their right (`basis`), when that was last checked, and its places.
 */
export const rotationSocketCodec = /* @__PURE__ */ itemCodec({
  name: 'rotationSocket',
  schema: /* @__PURE__ */ z.lazy(() =>
    z.object({
      type: z.literal('rotationSocket'),
      ...placeFields(),
      teamId: z.string(),
      kind: z.enum(['member', 'admin', 'screen']),
      viewer: socketViewerSchema,
      basis: z.enum(['admin', 'screen', 'board', 'helper', 'booking']),
      connectedAt: z.string(),
      checkedAt: z.string(),
      places: socketPlacesSchema,
    }),
  ),
  keys: (s) => key.rotationSocket(s.sessionId, s.places.slot),
});

/** One of a viewer's socket places on a board (`ROTWSVIEWER#<viewer>` / `SESSION#<sessionId>#<n>`): revocations list them. */
export const rotationViewerSocketCodec = /* @__PURE__ */ itemCodec({
  name: 'rotationViewerSocket',
  schema: /* @__PURE__ */ z.lazy(() =>
    z.object({ type: z.literal('rotationViewerSocket'), ...placeFields(), teamId: z.string() }),
  ),
  keys: (s, viewerKey: string, slot: number) => key.rotationViewerSocket(viewerKey, s.sessionId, slot),
});

/** One of an address's socket places, on every board (`ROTWSADDR#<address>` / `SLOT#<n>`). */
export const rotationAddressSocketCodec = /* @__PURE__ */ itemCodec({
  name: 'rotationAddressSocket',
  schema: /* @__PURE__ */ z.lazy(() => z.object({ type: z.literal('rotationAddressSocket'), ...placeFields() })),
  keys: (_s, address: string, slot: number) => key.rotationAddressSocket(address, slot),
});

/** The places of an open socket (`ROTWSCONN#<id>`), for `$disconnect`, which only knows the connection. */
export const rotationSocketOwnerCodec = /* @__PURE__ */ itemCodec({
  name: 'rotationSocketOwner',
  schema: /* @__PURE__ */ z.lazy(() =>
    z.object({ type: z.literal('rotationSocketOwner'), places: socketPlacesSchema, ttl: z.number() }),
  ),
  keys: (_owner, connectionId: string) => key.rotationSocketOwner(connectionId),
});
