/**
 * How many live sockets a board, a viewer and an address may hold (docs/ON-COURT.md, "Live";
 * functions/src/app/LIMITS.md, "Live sockets"). The same figures locally (local/rotation-live.ts)
 * and on AWS (socket-repository.ts). A refused socket is answered 429 before the handshake: the view
 * polls instead.
 */
export interface SocketLimits {
  /** Sockets of one board: one Query page of its places. */
  perBoard: number;
  /** Of those, players' sockets: the rest are kept for the team's admins and the venue screen. */
  playersPerBoard: number;
  /** Sockets of one viewer (a player, an admin, one screen link) on one board. */
  perViewerPerBoard: number;
  /** Sockets from one address (an IPv6 address counts by its /64) on every board together. */
  perAddress: number;
}

export const SOCKET_LIMITS: SocketLimits = {
  perBoard: 200,
  playersPerBoard: 180,
  perViewerPerBoard: 3,
  perAddress: 20,
};

/**
 * A socket's place is free again after this long even when its `$disconnect` never came: API
 * Gateway closes every connection after 2 hours, so a place older than that holds a dead socket.
 */
export const SOCKET_PLACE_SECONDS = 2 * 60 * 60 + 5 * 60;

/** A socket's viewer is checked again when it is this old (before any message on AWS, on a timer locally). */
export const RECHECK_AFTER_MS = 10 * 60_000;
