import type { RotationAdminBoard } from '@shuttle/shared';
import { expect } from 'vitest';
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
