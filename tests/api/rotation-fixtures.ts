import type { RotationAdminBoard } from '@shuttle/shared';
import { expect } from 'vitest';
import type { SocketEvent } from '../../functions/src/rotation/sockets.ts';
import type { AdminHarness } from '../support/admin-harness.ts';

/** Shared set-ups of the live board tests (rotation-sockets, rotation-live, rotation-privacy). */

const inviteTokenIn = (text: string) => /invite=([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? '';

/**
 * A session starting in `startsInHours` (default 24: players may still cancel) with `checkedIn`
 * players booked and checked in, `booked` more only booked (accepted, not on the board), and its
 * board opened on one doubles court.
 */
export async function openBoard(
  h: AdminHarness,
  token: string,
  prefix: string,
  {
    checkedIn = 4,
    booked = 0,
    startsInHours = 24,
  }: { checkedIn?: number; booked?: number; startsInHours?: number } = {},
) {
  const session = await h.newSession(token, { capacity: checkedIn + booked + 2, startsInHours });
  const players = await h.players(checkedIn, prefix);
  const bookers = await h.players(booked, `${prefix}-b`);
  for (const p of [...players, ...bookers]) expect((await h.join(p.token, session.id)).status).toBe(200);
  for (const p of players) {
    h.clock.advance(1000);
    await h.ok('signed/signed', { sessionId: session.id, userId: p.userId, attendance: 'attended' }, token);
  }
  const { board } = await h.ok<{ board: RotationAdminBoard }>(
    'rotation/setup',
    { sessionId: session.id, courts: [1], mode: 'doubles', rule: 'balanced' },
    token,
  );
  return { sessionId: session.id, players, bookers, board };
}

/** A co-admin (role admin) of the owner's team: invited, signed up and accepted. */
export async function coAdmin(h: AdminHarness, ownerToken: string, email: string) {
  await h.ok('setting/inviteAdmin', { email, role: 'admin' }, ownerToken);
  const invite = inviteTokenIn(h.emails.sent.at(-1)!.text);
  const admin = await h.adminSignup(email);
  await h.ok('setting/acceptInvite', { token: invite }, admin.token);
  return admin;
}

/** A `$connect` through CloudFront from `address` (CloudFront appends it to X-Forwarded-For; the event's source is the edge). */
export const connector =
  (routes: (event: SocketEvent) => Promise<{ statusCode: number }>, originValue: string) =>
  (connectionId: string, query: Record<string, string>, { address = '198.51.100.7', origin = originValue } = {}) =>
    routes({
      requestContext: { routeKey: '$connect', connectionId, identity: { sourceIp: '130.176.0.1' } },
      queryStringParameters: query,
      headers: { 'X-Origin-Verify': origin, 'X-Forwarded-For': address },
    });

type Leaf = string | { prefix: string } | { 'anything-but': string[] };

/**
 * Whether a Lambda event filter pattern (the subset the stack uses: exact values, `prefix`,
 * `anything-but`) lets a stream record through, as the event source mapping would.
 */
export function passesFilter(pattern: unknown, value: unknown): boolean {
  if (Array.isArray(pattern)) {
    if (typeof value !== 'string') return false;
    return (pattern as Leaf[]).some((leaf) =>
      typeof leaf === 'string'
        ? leaf === value
        : 'prefix' in leaf
          ? value.startsWith(leaf.prefix)
          : !leaf['anything-but'].includes(value),
    );
  }
  if (typeof pattern !== 'object' || pattern === null || typeof value !== 'object' || value === null) return false;
  return Object.entries(pattern).every(([name, inner]) =>
    passesFilter(inner, (value as Record<string, unknown>)[name]),
  );
}
