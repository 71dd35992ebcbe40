import type { DynamoDBRecord } from 'aws-lambda';

/**
 * Event filters of the live board's stream function (Lambda event source mapping syntax; the
 * patterns are OR'd). The CDK stack uses these objects (infra/lib/constructs/rotation-live.ts),
 * so code and filters never disagree. TABLE.md names the items.
 */
export const ROTATION_BOARD_FILTER = {
  eventName: ['INSERT', 'MODIFY'],
  dynamodb: { Keys: { SK: { S: ['ROTATION'] } } },
} as const;

/** A player's or admin's account deleted (`USER#` / `ADMIN#` … `PROFILE`), or an admin's team link removed (`TEAM#` / `ADMIN#`). */
const RIGHT_REMOVED_FILTER = {
  eventName: ['REMOVE'],
  dynamodb: { Keys: { SK: { S: ['PROFILE', { prefix: 'ADMIN#' }] } } },
} as const;

/** A booking that was accepted and is no longer (cancelled, removed by an admin). */
const BOOKING_ENDED_FILTER = {
  eventName: ['MODIFY'],
  dynamodb: {
    Keys: { SK: { S: [{ prefix: 'BOOKING#' }] } },
    OldImage: { status: { S: ['accepted'] } },
    NewImage: { status: { S: [{ 'anything-but': ['accepted'] }] } },
  },
} as const;

/** Every pattern of the mapping (at most 5 per event source mapping). */
export const ROTATION_LIVE_FILTERS = [ROTATION_BOARD_FILTER, RIGHT_REMOVED_FILTER, BOOKING_ENDED_FILTER] as const;

/** The same test in code: a record the board filter would let through, with its new image. */
export const isRotationBoardChange = (record: DynamoDBRecord) =>
  (record.eventName === 'INSERT' || record.eventName === 'MODIFY') &&
  record.dynamodb?.Keys?.SK?.S === 'ROTATION' &&
  record.dynamodb.NewImage !== undefined;

/**
 * A right to watch that changed outside the board: the viewer (socket-repository.ts `viewerKey`)
 * whose sockets are checked again, limited to one team's boards (an admin link) or one
 * session's (a booking).
 */
export interface Revocation {
  viewer: string;
  teamId?: string;
  sessionId?: string;
}

/** The revocation a stream record stands for, or null (the filters above, read in code). */
export function revocationOf(record: DynamoDBRecord): Revocation | null {
  const pk = record.dynamodb?.Keys?.PK?.S ?? '';
  const sk = record.dynamodb?.Keys?.SK?.S ?? '';
  const after = (prefix: string, value: string) => (value.startsWith(prefix) ? value.slice(prefix.length) : null);
  if (record.eventName === 'REMOVE' && sk === 'PROFILE') {
    const userId = after('USER#', pk);
    if (userId) return { viewer: `member#${userId}` };
    const adminId = after('ADMIN#', pk);
    if (adminId) return { viewer: `admin#${adminId}` };
    return null;
  }
  if (record.eventName === 'REMOVE') {
    const teamId = after('TEAM#', pk);
    const adminId = after('ADMIN#', sk);
    return teamId && adminId ? { viewer: `admin#${adminId}`, teamId } : null;
  }
  if (record.eventName === 'MODIFY') {
    const sessionId = after('SESSION#', pk);
    const userId = after('BOOKING#', sk);
    const was = record.dynamodb?.OldImage?.status?.S;
    const is = record.dynamodb?.NewImage?.status?.S;
    if (sessionId && userId && was === 'accepted' && is !== 'accepted')
      return { viewer: `member#${userId}`, sessionId };
  }
  return null;
}
