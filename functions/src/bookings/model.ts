/** Requests and answers of the booking engine (`engine.ts`). */

export interface Player {
  userId: string;
  name: string;
  pictureUrl: string;
}

export interface JoinRequest {
  sessionId: string;
  player: Player;
  partySize: number;
  idempotencyKey?: string;
}

export interface JoinOutcome {
  sessionId: string;
  status: 'accepted' | 'waiting' | 'entered';
  /** 1-based waitlist place of a `waiting` answer. */
  position?: number;
}

export interface CancelRequest {
  sessionId: string;
  userId: string;
  idempotencyKey?: string;
  /** Admins remove players at any time; players are bound by the cancellation rules. */
  byAdmin?: boolean;
}

export interface CancelOutcome {
  sessionId: string;
  cancelled: true;
  promoted: boolean;
}

export interface WalkInRequest {
  sessionId: string;
  player: Player;
  /** Admin who added the player, kept on the booking. */
  addedBy: string;
  /** Whose retries `idempotencyKey` deduplicates (one scope per admin). */
  idempotencyScope: string;
  idempotencyKey?: string;
}

export interface WalkInOutcome {
  sessionId: string;
  userId: string;
  status: 'accepted';
}
