import type { AdminParticipant } from '@shuttle/shared';
import { formatDateTime } from '@shuttle/shared/web/format.ts';
import { removeQueries } from '@shuttle/shared/web/query.ts';
import { envelope, routes, stubFetch } from '@shuttle/shared/web/testing.ts';
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authStore, clearLogin } from '@/lib/auth';
import { profile } from '@/testing/fixtures';
import { ParticipantsPanel } from './participants-panel';

/**
 * The participant panel keeps fair sign-up's players apart (docs/FAIR-SIGNUP.md): lottery entries
 * and places held by an offer (with the offer's end) are listed on their own, not among the
 * confirmed or the waiting list. The answer is parsed with the real contract.
 */

beforeEach(() => authStore.set({ token: 'admin-token', profile, status: 'authenticated' }));
afterEach(() => {
  clearLogin();
  removeQueries();
});

const person = (name: string, over: Partial<AdminParticipant> = {}): AdminParticipant => ({
  userId: `line_U${name.codePointAt(0)}${name.codePointAt(name.length - 1)}`,
  name,
  pictureUrl: '',
  partySize: 1,
  status: 'accepted',
  position: null,
  attendance: null,
  bookedAt: '2026-12-01T02:00:00.000Z',
  acceptedAt: null,
  cancelledAt: null,
  walkIn: false,
  ...over,
});

const members = (over: Record<string, AdminParticipant[]>) => ({
  capacity: 2,
  acceptedCount: 1,
  waitingCount: 1,
  accepted: [person('正取甲', { acceptedAt: '2026-12-01T02:00:00.000Z' })],
  waiting: [person('候補乙', { status: 'waiting', position: 1 })],
  entered: [],
  offered: [],
  ...over,
});

const names = (testId: string) => screen.queryAllByTestId(testId).map((li) => li.textContent);

describe('the participant panel', () => {
  it('lists the offered player with the offer end apart from the confirmed and the waiting', async () => {
    const until = '2026-12-01T10:30:00.000Z';
    stubFetch(
      routes({
        'courtSession/getSessionMember': envelope(
          members({ offered: [person('保留丙', { status: 'offered', offerExpiresAt: until })] }),
        ),
      }),
    );
    render(<ParticipantsPanel sessionId="s-1" />);
    const offered = await screen.findByTestId('offered-list');
    expect(within(offered).getByText('名額保留中')).toBeTruthy();
    expect(names('offered-player')).toEqual([expect.stringContaining('保留丙')]);
    expect(within(offered).getByTestId('offer-until').textContent).toBe(`保留至 ${formatDateTime(until)}`);
    expect(names('accepted-player')).toEqual([expect.stringContaining('正取甲')]);
    expect(names('waiting-player')).toEqual([expect.stringContaining('候補乙')]);
    expect(screen.queryByTestId('entered-list')).toBeNull();
  });

  it('lists lottery entries in arrival order on their own', async () => {
    stubFetch(
      routes({
        'courtSession/getSessionMember': envelope({
          ...members({
            entered: [person('抽籤一', { status: 'entered' }), person('抽籤二', { status: 'entered', partySize: 2 })],
          }),
          acceptedCount: 0,
          waitingCount: 0,
          accepted: [],
          waiting: [],
        }),
      }),
    );
    render(<ParticipantsPanel sessionId="s-2" />);
    const entered = await screen.findByTestId('entered-list');
    expect(within(entered).getByText('抽籤登記')).toBeTruthy();
    expect(within(entered).getByText('2')).toBeTruthy();
    const rows = names('entered-player');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('抽籤一');
    expect(rows[1]).toContain('抽籤二');
    expect(names('accepted-player')).toEqual([]);
    expect(screen.queryByTestId('offered-list')).toBeNull();
  });
});
