import deTexts from 'virtual:first-screen-texts/de';
import enTexts from 'virtual:first-screen-texts/en';
import esTexts from 'virtual:first-screen-texts/es';
import jaTexts from 'virtual:first-screen-texts/ja';
import zhTexts from 'virtual:first-screen-texts/zh-TW';
import { type AdminSession, LANGUAGES, type Language } from '@shuttle/shared';
import { envelope, routes, stubFetch } from '@shuttle/shared/web/testing.ts';
import { render, screen, waitFor } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { adminSession, defaultData } from '@/testing/fixtures';
import { signedInAdminForEachTest } from '@/testing/signed-in';
import { AdminLayout } from './admin-layout';
import Board from './routes/board';

// The board in its frame renders with the first screen's texts alone (first-screen-texts.ts):
// any text it asks for beyond them would show as nothing until the rest come (lib/i18n.ts).
const FIRST: Record<Language, Record<string, Record<string, unknown>>> = {
  'zh-TW': zhTexts,
  en: enTexts,
  es: esTexts,
  ja: jaTexts,
  de: deTexts,
};

signedInAdminForEachTest();

// Every state a row can show: open, full with a waitlist, closed, not yet open, under way,
// ended, team-only, a lottery with its entries.
const sessions: AdminSession[] = [
  { ...adminSession, id: 's-1', status: 'open', acceptedCount: 3 },
  { ...adminSession, id: 's-2', status: 'open', acceptedCount: 8, remaining: 0, waitingCount: 2 },
  { ...adminSession, id: 's-3', status: 'open', bookingClosed: true, isPublic: false },
  { ...adminSession, id: 's-4', status: 'notYetOpen' },
  { ...adminSession, id: 's-5', status: 'inProgress', startingSoon: true },
  { ...adminSession, id: 's-6', status: 'ended' },
  { ...adminSession, id: 's-7', status: 'open', signupMode: 'lottery', lotteryEntrants: 11, acceptedCount: 0 },
];
const activity = (kind: string, k: number) => ({
  kind,
  at: '2026-11-25T10:00:00.000Z',
  userId: `u-${k}`,
  name: `球友 ${k}`,
  sessionId: 's-1',
  sessionTitle: '週三夜打',
  startsAt: adminSession.startsAt,
});
const board = {
  today: sessions.slice(0, 3),
  upcoming: sessions,
  recent: ['booked', 'waitlisted', 'entered', 'promoted', 'cancelled'].map(activity),
  month: { month: '2026-11', sessions: 4, accepted: 30, attended: 25, absent: 2, revenue: 6250, income: 5750 },
};
const teams = [
  {
    team_id: 'team-daan-smash',
    team_name: '大安羽球同好會',
    default_region: '台北市',
    amount_of_member: 12,
    role: 'owner',
    is_current: true,
  },
];

async function firstScreen(language: Language): Promise<{ missing: string[]; text: string }> {
  const missing: string[] = [];
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources: { [language]: FIRST[language] },
    ns: ['admin', 'errors', 'status'],
    defaultNS: 'admin',
    interpolation: { escapeValue: false },
    saveMissing: true,
    missingKeyHandler: (_lngs, ns, key) => missing.push(`${ns}:${key}`),
  });
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <Routes>
          <Route element={<AdminLayout />}>
            <Route index element={<Board />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </I18nextProvider>,
  );
  await waitFor(() => expect(screen.getAllByTestId('session-row').length).toBeGreaterThanOrEqual(sessions.length));
  await waitFor(() => expect(document.body.textContent).toContain('球友 4'));
  return { missing, text: document.body.textContent ?? '' };
}

describe("the admin first screen's texts", () => {
  it.each(LANGUAGES)('cover the board in its frame, every row state and activity, in %s', async (language) => {
    stubFetch(
      routes({
        'board/getBoard': envelope(board),
        'courtSession/upcommingSessions': envelope({ items: sessions, nextCursor: 'more' }),
        'setting/getTeamListByUser': envelope(teams),
        'get-default-data': envelope(defaultData),
      }),
    );
    const { missing, text } = await firstScreen(language);
    expect(missing).toEqual([]);
    // No key shown in place of a text.
    expect(text).not.toMatch(/\b(board|nav|session|sessions|teams|activity|badge|places|common)\.[a-zA-Z]/);
  });
});
