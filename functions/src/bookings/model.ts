/** Requests and answers of the booking engine (`engine.ts`). */

import type { BookingRecord, SessionRecord } from '#sessions/model.ts';

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
  /** The session as the call's reference resolved it (a strongly consistent read): the first attempt decides on it. */
  read?: SessionRecord;
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
  /** The session and booking as the call's reference resolved them (strongly consistent): the first attempt decides on them. */
  read?: { session: SessionRecord; booking: BookingRecord | undefined };
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
  /** The session as the call's reference resolved it (strongly consistent): the first attempt decides on it. */
  read?: SessionRecord;
  /** No place free for the walk-in: the capacity grows by one (door.ts). */
  raiseCapacity?: boolean;
}

export interface WalkInOutcome {
  sessionId: string;
  userId: string;
  status: 'accepted';
  /** Absent on answers stored before it existed: false. */
  capacityRaised?: boolean;
}

/** A waiting player moved up at the door by an admin (door.ts `promoteWaiting`). */
export interface PromoteRequest {
  sessionId: string;
  userId: string;
  /** Marked attended in the same transaction. */
  checkIn: boolean;
  /** Admin who moved the player up, kept on the booking. */
  promotedBy: string;
  idempotencyScope: string;
  idempotencyKey?: string;
  /** The session and booking as the call's references resolved them (strongly consistent). */
  read?: { session: SessionRecord; booking: BookingRecord | undefined };
}

export interface PromoteOutcome {
  sessionId: string;
  userId: string;
  status: 'accepted';
  attendance: 'attended' | null;
  /** Places the capacity grew by (0: free places were used). */
  capacityRaised: number;
}
