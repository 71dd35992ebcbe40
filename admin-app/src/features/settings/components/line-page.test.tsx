import { removeQueries } from '@shuttle/shared/web/query.ts';
import { envelope, routes, stubFetch } from '@shuttle/shared/web/testing.ts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetRuntimeConfig } from '@/config/runtime-config';
import { authStore, clearLogin } from '@/lib/auth';
import { defaultData, profile } from '@/testing/fixtures';
import { LinePage } from './line-page';

const GROUP = `C${'a'.repeat(32)}`;

beforeEach(() => authStore.set({ token: 'admin-token', profile, status: 'authenticated' }));
afterEach(() => {
  clearLogin();
  forgetRuntimeConfig();
  removeQueries();
});

const bodyOf = (fetch: ReturnType<typeof routes>, path: string) => {
  const call = fetch.mock.calls.find(([url]) => String(url).endsWith(path)) as unknown as [string, RequestInit];
  return call ? JSON.parse(String(call[1].body)) : undefined;
};

const renderPage = () =>
  render(
    <MemoryRouter>
      <LinePage />
    </MemoryRouter>,
  );

describe('the LINE settings page', () => {
  it('shows a one-time code and the steps, never a group id field', async () => {
    const fetch = stubFetch(
      routes({
        'app-config.json': { apiBase: '/api', lineOfficialAccountId: '@123abcde' },
        'get-default-data': envelope(defaultData),
        'setting/lineBindCode': envelope({ code: 'K7P2QX', expiresAt: '2026-12-01T02:30:00.000Z' }),
      }),
    );
    renderPage();
    expect((await screen.findByTestId('line-group-state')).textContent).toBe('尚未綁定 LINE 群組');
    expect(screen.queryByDisplayValue(GROUP)).toBeNull();
    // Three numbered steps: the official account (id, add-friend link, QR code), the invitation, the code.
    const steps = within(screen.getByTestId('line-steps')).getAllByRole('listitem');
    expect(steps.map((li) => li.querySelector('h3')?.textContent)).toEqual([
      '把官方帳號加為好友',
      '邀請官方帳號進群組',
      '在群組傳送綁定碼',
    ]);
    expect((await screen.findByTestId('line-oa-id')).textContent).toBe('@123abcde');
    expect(screen.getByTestId('line-oa-link').getAttribute('href')).toBe('https://line.me/R/ti/p/@123abcde');
    expect(steps[1]!.textContent).toContain('@123abcde');
    expect((await screen.findByTestId('line-oa-qr')).getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.queryByTestId('line-unbind')).toBeNull();

    fireEvent.click(screen.getByTestId('line-bind-get'));
    expect(((await screen.findByTestId('line-bind-code')) as HTMLInputElement).value).toBe('K7P2QX');
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('setting/lineBindCode'))).toBe(true);
  });

  it('says plainly when the stage has no official account set', async () => {
    stubFetch(routes({ 'app-config.json': { apiBase: '/api' }, 'get-default-data': envelope(defaultData) }));
    renderPage();
    expect((await screen.findByTestId('line-oa-missing')).textContent).toContain('lineOfficialAccountId');
    expect(screen.queryByTestId('line-oa-link')).toBeNull();
    expect(screen.queryByTestId('line-oa-qr')).toBeNull();
    expect(screen.getByTestId('line-bind-get')).toBeTruthy();
  });

  it('shows a bound group and unbinds it after confirmation', async () => {
    stubFetch(
      routes({
        'get-default-data': envelope({ ...defaultData, line_group_id: GROUP, line_group_name: '週四羽球團' }),
        'setting/lineUnbind': envelope(defaultData),
      }),
    );
    renderPage();
    expect((await screen.findByTestId('line-group-state')).textContent).toBe('已綁定 LINE 群組');
    expect(screen.queryByText(GROUP)).toBeNull();
    // The group is named as LINE's group summary calls it.
    expect(screen.getByTestId('line-group-name').textContent).toBe('群組：週四羽球團');

    fireEvent.click(screen.getByTestId('line-unbind'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '解除綁定' }));
    await waitFor(() => expect(screen.getByTestId('line-group-state').textContent).toBe('尚未綁定 LINE 群組'));
  });

  it('turns one group announcement off with its switch', async () => {
    const off = { ...defaultData.group_announcements, placeFreed: false };
    const fetch = stubFetch(
      routes({
        'get-default-data': envelope(defaultData),
        'setting/updateGroupAnnouncements': envelope({ ...defaultData, group_announcements: off }),
      }),
    );
    renderPage();
    const toggle = await screen.findByTestId('group-announcement-placeFreed');
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    expect(bodyOf(fetch, 'setting/updateGroupAnnouncements')).toMatchObject({ placeFreed: false });
  });

  it("saves the team's group language", async () => {
    const fetch = stubFetch(
      routes({
        'get-default-data': envelope(defaultData),
        'setting/updateGroupAnnouncements': envelope({ ...defaultData, language: 'en' }),
      }),
    );
    renderPage();
    const select = (await screen.findByTestId('group-language')) as HTMLSelectElement;
    expect(select.value).toBe('zh-TW');
    expect(within(screen.getByTestId('group-announcements')).getByLabelText('群組訊息語言')).toBe(select);
    fireEvent.change(select, { target: { value: 'en' } });
    await waitFor(() => expect(select.value).toBe('en'));
    expect(bodyOf(fetch, 'setting/updateGroupAnnouncements')).toMatchObject({ language: 'en' });
  });

  it("shows this month's LINE messages against the budget and saves a new budget", async () => {
    const usage = { month: '2026-11', used: 123, budget: 500, service: 0 };
    const fetch = stubFetch(
      routes({
        'get-default-data': envelope({ ...defaultData, line_usage: usage }),
        'setting/updateGroupAnnouncements': envelope({ ...defaultData, line_usage: { ...usage, budget: 800 } }),
      }),
    );
    renderPage();
    expect((await screen.findByTestId('line-usage')).textContent).toBe('本月 LINE 訊息：123 / 500');
    const input = screen.getByTestId('line-budget-input') as HTMLInputElement;
    expect(input.value).toBe('500');
    fireEvent.change(input, { target: { value: '800' } });
    fireEvent.click(within(screen.getByTestId('line-budget')).getByTestId('settings-save'));
    await waitFor(() => expect(screen.getByTestId('line-usage').textContent).toBe('本月 LINE 訊息：123 / 800'));
    expect(bodyOf(fetch, 'setting/updateGroupAnnouncements')).toMatchObject({ line_monthly_budget: 800 });
  });

  it("shows this month's free service messages beside the billable ones", async () => {
    stubFetch(
      routes({
        'get-default-data': envelope({
          ...defaultData,
          line_usage: { month: '2026-11', used: 4, budget: 0, service: 37 },
        }),
      }),
    );
    renderPage();
    expect((await screen.findByTestId('line-usage')).textContent).toBe('本月 LINE 訊息：4（不設上限）');
    expect(screen.getByTestId('line-service-messages').textContent).toBe(
      '本月 LINE MINI App 服務訊息（免費，不計入上方則數）：37',
    );
  });

  it('says when the team has no budget', async () => {
    stubFetch(
      routes({
        'get-default-data': envelope({
          ...defaultData,
          line_usage: { month: '2026-11', used: 7, budget: 0, service: 0 },
        }),
      }),
    );
    renderPage();
    expect((await screen.findByTestId('line-usage')).textContent).toBe('本月 LINE 訊息：7（不設上限）');
  });

  it('shows team news as it will read before sending, sends only after confirming, and clears the form', async () => {
    const fetch = stubFetch(
      routes({
        'get-default-data': envelope(defaultData),
        'team/postNews': envelope({ members: 12, group: true }),
      }),
    );
    renderPage();
    const text = (await screen.findByTestId('team-news-text')) as HTMLTextAreaElement;
    fireEvent.change(text, { target: { value: '本週六加開一場' } });
    fireEvent.click(screen.getByTestId('team-news-send'));
    // A preview, nothing sent yet; 修改 goes back with the text kept.
    const preview = await screen.findByTestId('team-news-preview');
    expect(within(preview).getByTestId('team-news-preview-text').textContent).toBe('本週六加開一場');
    expect(bodyOf(fetch, 'team/postNews')).toBeUndefined();
    fireEvent.click(within(preview).getByRole('button', { name: '修改' }));
    expect(screen.queryByTestId('team-news-preview')).toBeNull();
    expect(text.value).toBe('本週六加開一場');

    fireEvent.click(screen.getByTestId('team-news-send'));
    fireEvent.click(within(await screen.findByTestId('team-news-preview')).getByRole('button', { name: '發布' }));
    await waitFor(() => expect(text.value).toBe(''));
    expect(bodyOf(fetch, 'team/postNews')).toMatchObject({ text: '本週六加開一場' });
  });

  it('keeps 解除綁定 above a new code, and copies the code', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    stubFetch(
      routes({
        'get-default-data': envelope({ ...defaultData, line_group_id: GROUP, line_group_name: '週四羽球團' }),
        'setting/lineBindCode': envelope({ code: 'K7P2QX', expiresAt: '2026-12-01T02:30:00.000Z' }),
      }),
    );
    renderPage();
    fireEvent.click(await screen.findByTestId('line-bind-get'));
    const code = await screen.findByTestId('line-bind-code');
    const unbind = screen.getByTestId('line-unbind');
    // In document order the unbind button comes before the code, so the code cannot push it away.
    expect(unbind.compareDocumentPosition(code) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(screen.getByTestId('line-bind-copy'));
    await waitFor(() => expect(screen.getByTestId('line-bind-copy').textContent).toBe('已複製'));
    expect(writeText).toHaveBeenCalledWith('K7P2QX');
  });
});
