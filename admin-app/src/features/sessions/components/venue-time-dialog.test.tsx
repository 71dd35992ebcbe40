import { envelope, routes, stubFetch } from '@shuttle/shared/web/testing.ts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminSession as session } from '@/testing/fixtures';
import { bodySentTo, signedInAdminForEachTest } from '@/testing/signed-in';
import { VenueTimeDialog } from './venue-time-dialog';

/** The admin's clock: a week before the session, so its times are ahead whatever day the test runs. */
const NOW = '2026-11-26T02:00:00.000Z';

signedInAdminForEachTest();
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(NOW));
});
afterEach(() => vi.useRealTimers());

describe('the venue and time dialog', () => {
  it("starts from the session's venue and sends only what changed", async () => {
    const moved = { ...session, venue: '新莊體育館', region: '新北市' };
    const fetch = stubFetch(routes({ 'courtSession/updateVenue': envelope({ session: moved, notified: 3 }) }));
    const onClose = vi.fn();
    render(<VenueTimeDialog session={session} open onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: '變更場地或時間' });
    const region = within(dialog).getByRole('combobox', { name: '地區' });
    expect(within(dialog).getByRole('textbox', { name: '地址' })).toHaveProperty('value', session.address);
    expect(region).toHaveProperty('value', '台北市');
    // A session always has a region: there is no empty choice.
    expect(region.querySelector('option')?.value).toBe('台北市');

    fireEvent.change(within(dialog).getByRole('textbox', { name: '場地' }), { target: { value: ' 新莊體育館 ' } });
    fireEvent.change(region, { target: { value: '新北市' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '儲存' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodySentTo(fetch, 'courtSession/updateVenue')).toEqual({
      sessionId: 'session-1',
      venue: '新莊體育館',
      region: '新北市',
    });
  });

  it('refuses an empty venue on its field and sends nothing', async () => {
    const fetch = stubFetch(routes({}));
    render(<VenueTimeDialog session={session} open onClose={() => {}} />);
    const venue = screen.getByRole('textbox', { name: '場地' });
    fireEvent.change(venue, { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: '儲存' }));
    expect((await screen.findByRole('alert')).textContent).toBe('此欄位為必填');
    expect(venue.getAttribute('aria-invalid')).toBe('true');
    expect(fetch).not.toHaveBeenCalled();
  });
});
