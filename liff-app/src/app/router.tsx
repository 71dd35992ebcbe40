import { type ComponentType, lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { loadNamespace, textsComplete } from '@/lib/i18n';
import { AppLayout } from './layout';
// Home is the first screen: in the entry chunk with what it imports statically, so nothing it
// needs arrives a round trip late (docs/PLAYER-EXPERIENCE.md, "Speed").
import Home from './routes/home';

type RouteModule = { default: ComponentType };

/**
 * A screen other than home: its module and every text, which the first screen goes without
 * (lib/i18n.ts, app/first-screen-texts.ts).
 */
const screen = (load: () => Promise<RouteModule>) =>
  lazy(() => Promise.all([load(), textsComplete()]).then(([module]) => module));
const Session = screen(() => import('./routes/session'));
const Login = screen(() => import('./routes/login'));
const Callback = screen(() => import('./routes/callback'));
const Settings = screen(() => import('./routes/settings'));
const Email = screen(() => import('./routes/email'));
const Notifications = screen(() => import('./routes/notifications'));
const CalendarFeed = screen(() => import('./routes/calendar-feed'));
const Money = screen(() => import('./routes/money'));
const Account = screen(() => import('./routes/account'));
/** A reading page: its module, every text and the `pages` texts, which the first screen goes without. */
const readingPage = (load: () => Promise<RouteModule>) =>
  lazy(() => Promise.all([load(), textsComplete(), loadNamespace('pages')]).then(([module]) => module));
const BadmintonLevels = readingPage(() => import('./routes/badminton-levels'));
const PrivacyPolicy = readingPage(() => import('./routes/privacy-policy'));
const TermsOfService = readingPage(() => import('./routes/terms-of-service'));
const AboutUs = readingPage(() => import('./routes/about-us'));
// Self check-in's few texts live in `pages` (the member namespace is at TypeScript's type-depth limit).
const SelfCheckIn = readingPage(() => import('./routes/self-check-in'));
// The player's games and rating: texts in `pages` too.
const MyGames = readingPage(() => import('./routes/my-games'));

/** Member routes; every screen but home is its own chunk. Unknown paths fall back to home. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<Home />} />
        <Route path="session" element={<Session />} />
        <Route path="checkin" element={<SelfCheckIn />} />
        <Route path="login" element={<Login />} />
        <Route path="callback" element={<Callback />} />
        <Route path="setting" element={<Settings />} />
        <Route path="setting/email" element={<Email />} />
        <Route path="setting/notifications" element={<Notifications />} />
        <Route path="setting/calendar" element={<CalendarFeed />} />
        <Route path="setting/money" element={<Money />} />
        <Route path="setting/games" element={<MyGames />} />
        <Route path="setting/account" element={<Account />} />
        <Route path="setting/badminton-levels" element={<BadmintonLevels />} />
        <Route path="setting/privacy-policy" element={<PrivacyPolicy />} />
        <Route path="setting/terms-of-service" element={<TermsOfService />} />
        <Route path="setting/about-us" element={<AboutUs />} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
