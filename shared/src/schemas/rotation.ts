import * as z from 'zod';
import { DEFAULT_SCORING, ROTATION_MODES, ROTATION_PLAYER_STATES, ROTATION_RULES } from '../constants.ts';
import { id } from './entities.ts';
import { ratingBand } from './rating-band.ts';
import { route } from './routes.ts';
import { scoringPoints } from './scoring.ts';

/**
 * The on-court rotation board (docs/ON-COURT.md, "Rotation"): one board per session, fed by
 * check-in, changed by admins (or the session's helper) and watched live by players and a venue
 * screen. Every answer carries the board's `version`; every change is a conditional write on it.
 */

export const ROTATION_LIMITS = {
  courtsMax: 12,
  /** How many coming games `next` previews. */
  nextGames: 2,
  /** `winnerStays`: a winning side stays on court for at most this many games in a row. */
  winnerStaysMax: 2,
  /** `balanced`: no partner repeated within a player's last N games where avoidable. */
  partnerMemory: 3,
  /**
   * A waiting player is passed over (a game starts with someone who began waiting after them) at
   * most this many times: then they go first, whatever their fairness count (docs/ON-COURT.md).
   */
  passedOverMax: 2,
  /** Up-next LINE pushes to one player an evening: the first, and a new court after an admin's override. */
  upNextPushes: 3,
} as const;

export const rotationMode = z.enum(ROTATION_MODES);
export const rotationRule = z.enum(ROTATION_RULES);
export const rotationPlayerState = z.enum(ROTATION_PLAYER_STATES);
export type RotationMode = z.infer<typeof rotationMode>;
export type RotationRule = z.infer<typeof rotationRule>;
export type RotationPlayerState = z.infer<typeof rotationPlayerState>;

/** A court number as players call it ("2 號場"). */
export const courtNumber = z.number().int().min(1).max(99);

/**
 * A player's id on one board (docs/ON-COURT.md, "Who sees what"): opaque, the same all evening on
 * that board and different on every other, never a user id. Only the team's admins see user ids.
 */
export const rotationPlayerId = id;

/** A player as a game shows them: their board id and name (docs/PRIVACY.md). */
export const rotationPlayerRef = z.object({ playerId: rotationPlayerId, name: z.string() });
export type RotationPlayerRef = z.infer<typeof rotationPlayerRef>;

/** A game: two sides of two players (doubles) or one (singles). */
export const rotationGame = z.object({
  court: courtNumber,
  teams: z.tuple([z.array(rotationPlayerRef).min(1).max(2), z.array(rotationPlayerRef).min(1).max(2)]),
});
export type RotationGame = z.infer<typeof rotationGame>;

/** A coming game: like a game, and `court` is the court it is expected on (null: the first that frees). */
export const rotationNextGame = rotationGame.extend({ court: courtNumber.nullable() });
export type RotationNextGame = z.infer<typeof rotationNextGame>;

export const rotationPlayer = z.object({
  playerId: rotationPlayerId,
  name: z.string(),
  state: rotationPlayerState,
  gamesPlayed: z.number().int().nonnegative(),
  /** On court now (the court number), else null. */
  court: courtNumber.nullable(),
  /** Place in the queue of ready players not on court (1 = next), else null. */
  queuePosition: z.number().int().positive().nullable(),
  /** The board id of the partner locked with this player (a pair who came together), else null. */
  lockedWith: rotationPlayerId.nullable(),
});
export type RotationPlayer = z.infer<typeof rotationPlayer>;

/** The board players, helpers and the venue screen see: names and board ids only, no user id, no secret. */
export const rotationBoard = z.object({
  sessionId: id,
  version: z.number().int().nonnegative(),
  mode: rotationMode,
  rule: rotationRule,
  /** Points a game is played to tonight: scores are checked against it and the board offers the possible ones. */
  scoring: scoringPoints.default(DEFAULT_SCORING),
  courts: z.array(z.object({ court: courtNumber, game: rotationGame.nullable() })),
  /** Every player of the board in check-in order. */
  players: z.array(rotationPlayer),
  /** The coming games the rule picks (at most ROTATION_LIMITS.nextGames). */
  next: z.array(rotationNextGame),
  /** Board id of the session's helper (a player acting as admin of this board), else null. */
  helperPlayerId: rotationPlayerId.nullable(),
  updatedAt: z.string(),
});
export type RotationBoard = z.infer<typeof rotationBoard>;

/** An admin sees each player's user id beside the board id (the admin calls name players by it). */
/** An admin's board player: the user id and the rating band (null: none, or hidden by the player). */
export const rotationAdminPlayer = rotationPlayer.extend({ userId: id, rating: ratingBand.nullable() });
export type RotationAdminPlayer = z.infer<typeof rotationAdminPlayer>;

/** A finished game of the evening (`gameNo` 1: the first started), its result and when it ended. */
export const rotationLogEntry = z.object({
  gameNo: z.number().int().positive(),
  court: courtNumber,
  teams: z.tuple([z.array(rotationPlayerRef), z.array(rotationPlayerRef)]),
  score: z.tuple([z.number().int(), z.number().int()]).nullable(),
  winner: z.union([z.literal(0), z.literal(1)]).nullable(),
  finishedAt: z.string(),
});
export type RotationLogEntry = z.infer<typeof rotationLogEntry>;

/** The team's admins' view: user ids, the helper's user id and the screen token (venue-screen link, QR code). */
export const rotationAdminBoard = rotationBoard.extend({
  players: z.array(rotationAdminPlayer),
  helperUserId: id.nullable(),
  screenToken: z.string(),
  /** The evening's finished games with their results (corrections: `rotation/correctResult`). */
  log: z.array(rotationLogEntry).default([]),
});
export type RotationAdminBoard = z.infer<typeof rotationAdminBoard>;

const sessionOnly = z.strictObject({ sessionId: id });

export const rotationSetupRequest = z.strictObject({
  sessionId: id,
  /** Court numbers, e.g. [1, 2] or [3, 4]. */
  courts: z
    .array(courtNumber)
    .min(1)
    .max(ROTATION_LIMITS.courtsMax)
    .refine((c) => new Set(c).size === c.length, 'Courts must differ'),
  mode: rotationMode,
  rule: rotationRule.default('balanced'),
  /** Points a game is played to tonight; absent: the board's, else the team's scoring (default 21). */
  scoring: scoringPoints.optional(),
});
export const rotationGetBoardRequest = sessionOnly;
/**
 * Starts the coming game promised to `court` (docs/ON-COURT.md, "A court promise"); with
 * `nextIndex` (an index in `next`), that coming game instead: the admin's override.
 */
export const rotationStartNextRequest = z.strictObject({
  sessionId: id,
  court: courtNumber,
  nextIndex: z
    .number()
    .int()
    .min(0)
    .max(ROTATION_LIMITS.nextGames - 1)
    .optional(),
});
export const rotationStartNextResult = z.object({ game: rotationGame, board: rotationAdminBoard });
export const rotationScore = z.tuple([z.number().int().min(0).max(99), z.number().int().min(0).max(99)]);
export const rotationFinishRequest = z.strictObject({
  sessionId: id,
  court: courtNumber,
  /**
   * Points of teams[0] and teams[1], a final score of the board's scoring (else 400
   * IMPOSSIBLE_SCORE); `winnerStays` needs a result to know who stays (absent: nobody stays).
   */
  score: rotationScore.optional(),
  /** The winning side without points (0: teams[0]); with a score it must be the side with more points. */
  winner: z.union([z.literal(0), z.literal(1)]).optional(),
});
export const rotationBoardResult = z.object({ board: rotationAdminBoard });
/**
 * Changes or removes the result of game `gameNo` within 30 minutes of its finish (409
 * CORRECTION_CLOSED after): the ratings it moved are moved back, later games are not replayed.
 */
export const rotationCorrectResultRequest = z.strictObject({
  sessionId: id,
  gameNo: z.number().int().positive().max(999),
  score: rotationScore.optional(),
  winner: z.union([z.literal(0), z.literal(1)]).optional(),
  remove: z.literal(true).optional(),
});
export const rotationSetPlayerRequest = z.strictObject({ sessionId: id, userId: id, state: rotationPlayerState });
/** Swap a player into one of the `next` games before it starts (index in `next`). */
export const rotationSwapNextRequest = z.strictObject({
  sessionId: id,
  nextIndex: z
    .number()
    .int()
    .min(0)
    .max(ROTATION_LIMITS.nextGames - 1),
  outUserId: id,
  inUserId: id,
});
/** Fix a pair (partners who came together); `partnerUserId: null` unlocks the player. */
export const rotationLockPairRequest = z.strictObject({ sessionId: id, userId: id, partnerUserId: id.nullable() });
/** Move a player to the front of the queue. */
export const rotationMoveUpRequest = z.strictObject({ sessionId: id, userId: id });
/** Name a player helper of the session's board (`userId: null` removes the helper). */
export const rotationSetHelperRequest = z.strictObject({ sessionId: id, userId: id.nullable() });
/** A new screen token: the previous screen link stops working at once. */
export const rotationRotateScreenTokenRequest = sessionOnly;
export const rotationExportCsvRequest = sessionOnly;
/** The helper names players by their board id (`playerId`), never by user id. */
export const rotationHelperSetPlayerRequest = z.strictObject({
  sessionId: id,
  playerId: rotationPlayerId,
  state: rotationPlayerState,
});
export const rotationHelperSwapNextRequest = z.strictObject({
  sessionId: id,
  nextIndex: rotationSwapNextRequest.shape.nextIndex,
  outPlayerId: rotationPlayerId,
  inPlayerId: rotationPlayerId,
});
export const rotationHelperMoveUpRequest = z.strictObject({ sessionId: id, playerId: rotationPlayerId });
/** The helper's answers carry the board every player sees (no user ids, no screen token). */
export const rotationHelperBoardResult = z.object({ board: rotationBoard });
export const rotationHelperStartNextResult = z.object({ game: rotationGame, board: rotationBoard });
/** A player of the board asks for (or stops) one LINE push "you are up next" this evening. */
export const rotationNotifyMeRequest = z.strictObject({ sessionId: id, on: z.boolean() });
/**
 * A player's view of the board: `me` their board id (null: not on it), `notifyMe` their opt-in,
 * `helper` whether they are this board's helper.
 */
export const rotationMemberBoardResult = z.object({
  board: rotationBoard,
  me: rotationPlayerId.nullable().optional(),
  notifyMe: z.boolean().optional(),
  helper: z.boolean().optional(),
});
export const rotationScreenRequest = z.strictObject({
  token: z
    .string()
    .max(64)
    .regex(/^[A-Za-z0-9_-]{32,64}$/),
});

/** Local and AWS WebSocket path; query `sessionId` and `token` (member, admin or screen token). */
export const ROTATION_WS_PATH = '/ws/rotation';

/** Admin calls of the board, under `/api/admin/`; spread into `adminRoutes`. */
export const rotationAdminRoutes = {
  'rotation/setup': route({
    method: 'POST',
    auth: 'admin',
    summary: 'Open (or change) the rotation board of a session: courts, doubles or singles, rule',
    request: rotationSetupRequest,
    refs: { sessionId: 'teamSession' },
    response: rotationBoardResult,
  }),
  'rotation/getBoard': route({
    method: 'POST',
    auth: 'admin',
    summary: 'The rotation board with its version and screen token (ETag; 304 on If-None-Match)',
    request: rotationGetBoardRequest,
    refs: { sessionId: 'teamSession' },
    response: rotationBoardResult,
  }),
  'rotation/startNext': route({
    method: 'POST',
    auth: 'admin',
    summary:
      'Start the coming game promised to a free court (nextIndex: that coming game instead); 409 ROTATION_CHANGED with the new board when it changed',
    request: rotationStartNextRequest,
    refs: { sessionId: 'teamSession' },
    response: rotationStartNextResult,
  }),
  'rotation/correctResult': route({
    method: 'POST',
    auth: 'admin',
    summary: "Change or remove a finished game's result within 30 minutes; its rating changes are moved back",
    request: rotationCorrectResultRequest,
    refs: { sessionId: 'teamSession' },
    response: rotationBoardResult,
  }),
  'rotation/finish': route({
    method: 'POST',
    auth: 'admin',
    idempotent: true,
    summary:
      'End the game on a court with a result (a final score, 400 IMPOSSIBLE_SCORE otherwise, or a winner) or none; its players rejoin the queue',
    request: rotationFinishRequest,
    refs: { sessionId: 'teamSession' },
    response: rotationBoardResult,
  }),
  'rotation/setPlayer': route({
    method: 'POST',
    auth: 'admin',
    summary: 'Set a player ready, resting or gone',
    request: rotationSetPlayerRequest,
    refs: { sessionId: 'teamSession', userId: 'boardPlayer' },
    response: rotationBoardResult,
  }),
  'rotation/swapNext': route({
    method: 'POST',
    auth: 'admin',
    summary: 'Swap a queued player into one of the coming games',
    request: rotationSwapNextRequest,
    refs: { sessionId: 'teamSession', outUserId: 'boardPlayer', inUserId: 'boardPlayer' },
    response: rotationBoardResult,
  }),
  'rotation/lockPair': route({
    method: 'POST',
    auth: 'admin',
    summary: 'Fix two players as partners (or unlock with partnerUserId null)',
    request: rotationLockPairRequest,
    refs: { sessionId: 'teamSession', userId: 'boardPlayer', partnerUserId: 'boardPlayer' },
    response: rotationBoardResult,
  }),
  'rotation/moveUp': route({
    method: 'POST',
    auth: 'admin',
    summary: 'Move a player to the front of the queue',
    request: rotationMoveUpRequest,
    refs: { sessionId: 'teamSession', userId: 'boardPlayer' },
    response: rotationBoardResult,
  }),
  'rotation/setHelper': route({
    method: 'POST',
    auth: 'admin',
    summary: "Name a session's player helper of the board (null removes); helpers act through checkState/rotation/*",
    request: rotationSetHelperRequest,
    refs: { sessionId: 'teamSession', userId: 'sessionPlayer' },
    response: rotationBoardResult,
  }),
  'rotation/rotateScreenToken': route({
    method: 'POST',
    auth: 'admin',
    summary: 'A new venue-screen token; the previous screen link stops working',
    request: rotationRotateScreenTokenRequest,
    refs: { sessionId: 'teamSession' },
    response: rotationBoardResult,
  }),
  'rotation/exportCsv': route({
    method: 'POST',
    auth: 'admin',
    summary: "The board's game log as CSV (UTF-8 with a BOM and a header row)",
    request: rotationExportCsvRequest,
    refs: { sessionId: 'teamSession' },
    response: z.string(),
    produces: 'text/csv',
  }),
} as const;

/**
 * Member calls, under `/api/`; spread into `memberRoutes`. `getBoard` is for the session's players;
 * the others only for the session's helper (403 otherwise): the admin calls, naming players by
 * board id and answered with the board players see.
 */
export const rotationMemberRoutes = {
  'checkState/rotation/getBoard': route({
    method: 'POST',
    auth: 'member',
    summary: "The session's rotation board (the session's players; ETag; 304 on If-None-Match)",
    request: rotationGetBoardRequest,
    refs: { sessionId: 'playerBoard' },
    /** `me`: the caller's board id (null when not on it); `helper`: the caller is this board's helper. */
    response: rotationMemberBoardResult,
  }),
  'checkState/rotation/notifyMe': route({
    method: 'POST',
    auth: 'member',
    summary: 'A player on the board: one LINE push when they come up next this evening (on) or none (off)',
    request: rotationNotifyMeRequest,
    refs: { sessionId: 'playerBoard' },
    response: rotationMemberBoardResult,
  }),
  'checkState/rotation/startNext': route({
    method: 'POST',
    auth: 'member',
    summary: 'Helper: start the coming game promised to a free court (nextIndex: that coming game instead)',
    request: rotationStartNextRequest,
    refs: { sessionId: 'helperBoard' },
    response: rotationHelperStartNextResult,
  }),
  'checkState/rotation/finish': route({
    method: 'POST',
    auth: 'member',
    summary: 'Helper: end the game on a court with a result (a score or a winner) or none',
    idempotent: true,
    request: rotationFinishRequest,
    refs: { sessionId: 'helperBoard' },
    response: rotationHelperBoardResult,
  }),
  'checkState/rotation/setPlayer': route({
    method: 'POST',
    auth: 'member',
    summary: 'Helper: set a player (by board id) ready, resting or gone',
    request: rotationHelperSetPlayerRequest,
    refs: { sessionId: 'helperBoard', playerId: 'boardPlayer' },
    response: rotationHelperBoardResult,
  }),
  'checkState/rotation/swapNext': route({
    method: 'POST',
    auth: 'member',
    summary: 'Helper: swap a queued player (by board id) into a coming game',
    request: rotationHelperSwapNextRequest,
    refs: { sessionId: 'helperBoard', outPlayerId: 'boardPlayer', inPlayerId: 'boardPlayer' },
    response: rotationHelperBoardResult,
  }),
  'checkState/rotation/moveUp': route({
    method: 'POST',
    auth: 'member',
    summary: 'Helper: move a player (by board id) to the front of the queue',
    request: rotationHelperMoveUpRequest,
    refs: { sessionId: 'helperBoard', playerId: 'boardPlayer' },
    response: rotationHelperBoardResult,
  }),
  'withoutAuth/rotation/screen': route({
    method: 'GET',
    auth: 'none',
    summary: 'The venue screen: the rotation board for a screen token (query token; ETag; 304 on If-None-Match)',
    request: rotationScreenRequest,
    response: z.object({ board: rotationBoard }),
  }),
} as const;
