import deTexts from 'virtual:first-screen-texts/de';
import enTexts from 'virtual:first-screen-texts/en';
import esTexts from 'virtual:first-screen-texts/es';
import jaTexts from 'virtual:first-screen-texts/ja';
import zhTexts from 'virtual:first-screen-texts/zh-TW';
import { LANGUAGES, type Language, sessionListPage } from '@shuttle/shared';
import { envelope, respond, stubFetch } from '@shuttle/shared/web/testing.ts';
import { render, screen, waitFor, within } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setRuntimeConfig } from '@/config/config-loader';
import { EMPTY_FILTERS } from '@/features/sessions/model/filters';
import { updateFilters } from '@/features/sessions/model/filters-store';
import { authStore, clearLogin } from '@/lib/auth';
import { clearEarlyRequests } from '@/lib/early-requests';
import Home from './routes/home';

// Home's session list renders with the first screen's texts alone (first-screen-texts.ts): any
// text it asks for beyond them would show as nothing until the rest come (lib/i18n.ts).
const FIRST: Record<Language, Record<string, Record<string, unknown>>> = {
  'zh-TW': zhTexts,
  en: enTexts,
  es: esTexts,
  ja: jaTexts,
  de: deTexts,
};

const session = {
  id: 's-1',
  teamId: 't-1',
  teamName: '大安羽球同好會',
  title: '週四晚場',
  venue: '大安運動中心',
  address: '台北市大安區',
  region: '台北市',
  categories: ['casual', 'training'],
  courts: 2,
  capacity: 20,
  price: 250,
  startsAt: '2026-12-03T11:00:00.000Z',
  endsAt: '2026-12-03T13:00:00.000Z',
  signupOpensAt: '2026-11-20T11:00:00.000Z',
  isPublic: true,
  bookingClosed: false,
  acceptedCount: 19,
  waitingCount: 0,
  remaining: 1,
  status: 'open',
  startingSoon: false,
  levelMin: 6,
  levelMax: 12,
};
const booked = (status: 'accepted' | 'waiting' | 'entered', position: number | null) => ({
  status,
  position,
  partySize: 1,
  canCancel: true,
  attendance: null,
  bookedAt: '2026-11-21T11:00:00.000Z',
});
// Every state a card can show: open, full with a waitlist, closed, not yet open, under way,
// ended, a lottery, the caller's place, waitlist position and lottery entry, levels or none.
const page = sessionListPage.parse({
  items: [
    session,
    { ...session, id: 's-2', acceptedCount: 20, remaining: 0, waitingCount: 3, myBooking: booked('waiting', 2) },
    { ...session, id: 's-3', acceptedCount: 20, remaining: 0, myBooking: booked('accepted', null) },
    { ...session, id: 's-4', bookingClosed: true, levelMin: undefined, levelMax: undefined },
    { ...session, id: 's-5', status: 'notYetOpen', region: '高雄市', categories: [] },
    { ...session, id: 's-6', status: 'inProgress', startingSoon: true },
    { ...session, id: 's-7', status: 'ended', levelMin: 9, levelMax: 9 },
    { ...session, id: 's-8', signupMode: 'lottery', lotteryEntrants: 11, myBooking: booked('entered', null) },
    { ...session, id: 's-9', signupMode: 'lottery', status: 'notYetOpen', lotteryEntrants: 0, acceptedCount: 0 },
  ],
  nextCursor: 'more',
});

async function firstScreen(language: Language): Promise<{ missing: string[]; text: string }> {
  const missing: string[] = [];
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources: { [language]: FIRST[language] },
    ns: ['member', 'errors', 'status'],
    defaultNS: 'member',
    interpolation: { escapeValue: false },
    saveMissing: true,
    missingKeyHandler: (_lngs, ns, key) => missing.push(`${ns}:${key}`),
  });
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <Home />
      </MemoryRouter>
    </I18nextProvider>,
  );
  // The first five cards, then the rest of the page in a transition.
  await waitFor(() => expect(screen.getAllByTestId('session-card')).toHaveLength(page.items.length));
  return { missing, text: document.body.textContent ?? '' };
}

afterEach(async () => {
  // What home fetches once its first cards are drawn, settled before the test environment goes.
  await Promise.all([
    import('@/features/sessions/components/filter-panel'),
    import('./next-game-banner'),
    import('@/lib/api-contracts'),
  ]);
  clearEarlyRequests();
  clearLogin();
  updateFilters(EMPTY_FILTERS);
});

describe("the first screen's texts", () => {
  it.each(LANGUAGES)('cover home for a signed-in player with filters on, in %s', async (language) => {
    setRuntimeConfig({ apiBase: '/api', liffId: 'test', liffMock: true, googleClientId: 'g', devLogin: true });
    authStore.set({ token: 'member-token', profile: null, status: 'authenticated' });
    updateFilters({
      ...EMPTY_FILTERS,
      regions: ['台北市'],
      categories: ['casual'],
      sort: 'latestFirst',
      date: '2026-12-03',
      teamName: '大安',
      level: 8,
    });
    stubFetch(respond(envelope(page)));
    const { missing, text } = await firstScreen(language);
    expect(within(screen.getAllByTestId('session-card')[7]!).getByTestId('my-booking-badge').textContent).not.toBe('');
    expect(missing).toEqual([]);
    // No key shown in place of a text.
    expect(text).not.toMatch(/\b(home|session|filters|browseList|money|booking|fair|status|px)\.[a-zA-Z]/);
  });

  it('cover home for a visitor, in zh-TW', async () => {
    setRuntimeConfig({ apiBase: '/api', liffId: 'test', liffMock: true, googleClientId: 'g', devLogin: true });
    stubFetch(respond(envelope(page)));
    const { missing } = await firstScreen('zh-TW');
    expect(screen.getByTestId('top-login').textContent).toBe('登入');
    expect(missing).toEqual([]);
  });
});
