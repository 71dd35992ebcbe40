import type { AdminParticipant, Pass } from '@shuttle/shared';
import { removeQueries } from '@shuttle/shared/web/query.ts';
import { envelope, routes, stubFetch } from '@shuttle/shared/web/testing.ts';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authStore, clearLogin } from '@/lib/auth';
import { profile } from '@/testing/fixtures';
import { PayControl } from './pay-control';

beforeEach(() => authStore.set({ token: 'admin-token', profile, status: 'authenticated' }));
afterEach(() => {
  clearLogin();
  removeQueries();
});

const pass = (over: Partial<Pass> = {}): Pass => ({
  passId: '2026-12-31_abc',
  teamId: 'team1',
  teamName: '隊',
  userId: 'u1',
  playerName: '小明',
  name: '季打',
  credits: 10,
  remaining: 3,
  validFrom: '2026-12-01',
  validUntil: '2026-12-31',
  price: 2000,
  soldAt: '2026-11-20T02:00:00.000Z',
  ...over,
});

const player = {
  userId: 'u1',
  name: '小明',
  pictureUrl: '',
  partySize: 1,
  status: 'accepted',
  attendance: null,
  payment: { status: 'unpaid', amount: 200, method: null, paidAt: null },
} as unknown as AdminParticipant;

const renderPay = (startsAt: string) =>
  render(
    <MemoryRouter>
      <PayControl sessionId="s1" startsAt={startsAt} player={player} />
    </MemoryRouter>,
  );

describe('check-in 使用季打', () => {
  it('is not offered for a session before the pass starts or after it ends', async () => {
    stubFetch(routes({ 'passes/list': envelope({ passes: [pass()] }) }));
    // 2026-11-28 20:00 Taipei: before the pass's first day.
    renderPay('2026-11-28T12:00:00.000Z');
    await screen.findByTestId('mark-paid');
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('use-pass')).toBeNull();
  });

  it('is not offered when no use is left', async () => {
    stubFetch(routes({ 'passes/list': envelope({ passes: [pass({ remaining: 0 })] }) }));
    renderPay('2026-12-05T12:00:00.000Z');
    await screen.findByTestId('mark-paid');
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('use-pass')).toBeNull();
  });

  it('is offered for a session inside the dates with a use left (Taipei day: 00:30 on the first day counts)', async () => {
    stubFetch(routes({ 'passes/list': envelope({ passes: [pass()] }) }));
    renderPay('2026-11-30T16:30:00.000Z');
    expect(await screen.findByTestId('use-pass')).toBeTruthy();
  });
});
