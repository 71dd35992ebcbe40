import type { AdminSession } from '@shuttle/shared';
import { formatDateTime } from '@shuttle/shared/web/format.ts';
import { removeQueries } from '@shuttle/shared/web/query.ts';
import { envelope, routes, sentRequest, stubFetch } from '@shuttle/shared/web/testing.ts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authStore, clearLogin } from '@/lib/auth';
import { adminSession, profile } from '@/testing/fixtures';
import { SessionControls } from './session-controls';

/**
 * The 開放報名 switch says what players see (issue 22; docs/DECISIONS.md, "Opening sign-up
 * now"): while the opening is ahead it says when, not 報名中, and 立即開放報名 opens it now.
 */

beforeEach(() => authStore.set({ token: 'admin-token', profile, status: 'authenticated' }));
afterEach(() => {
  clearLogin();
  removeQueries();
});

const opensAt = '2026-12-02T04:00:00.000Z';
const session: AdminSession = {
  ...adminSession,
  address: '',
  signupOpensAt: opensAt,
  acceptedCount: 0,
  remaining: 8,
  fillRate: 0,
};

describe('the sign-up switch', () => {
  it('says when sign-up opens while it is ahead, and opens it now through courtSession/switchOpening', async () => {
    const fetch = stubFetch(
      routes({
        'courtSession/switchOpening': envelope({
          ...session,
          status: 'open',
          signupOpensAt: '2026-12-01T02:00:00.000Z',
        }),
      }),
    );
    render(<SessionControls session={session} />);
    const opening = screen.getByTestId('switch-opening');
    expect(opening.textContent).toContain(`將於 ${formatDateTime(opensAt)} 開放報名`);
    expect(opening.textContent).not.toContain('報名中');

    fireEvent.click(screen.getByTestId('open-now'));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const sent = sentRequest(fetch);
    expect(sent.url).toContain('courtSession/switchOpening');
    expect(sent.body).toEqual({ sessionId: 'session-1', open: true });
  });

  it('says 報名中 and offers no open-now once sign-up is open', () => {
    render(<SessionControls session={{ ...session, status: 'open' }} />);
    expect(screen.getByTestId('switch-opening').textContent).toContain('報名中');
    expect(screen.queryByTestId('open-now')).toBeNull();
  });
});
