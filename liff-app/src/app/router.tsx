import { type ComponentType, lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { loadNamespace } from '@/lib/i18n';
import { AppLayout } from './layout';

type RouteModule = { default: ComponentType };

/**
 * `lazy`, except that a route whose module came before its first render (`preload`, called by
 * app/first-screen.ts) renders at once: React takes a thenable that settles synchronously
 * without suspending, so no fallback is shown (docs/PLAYER-EXPERIENCE.md, "Speed").
 */
function lazyRoute(load: () => Promise<RouteModule>) {
  let loaded: RouteModule | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module;
      return module;
    });
  const already = (module: RouteModule) =>
    // biome-ignore lint/suspicious/noThenProperty: a thenable that settles synchronously is the point (see above).
    ({ then: (done: (m: RouteModule) => void) => done(module) }) as unknown as Promise<RouteModule>;
  return { Component: lazy(() => (loaded ? already(loaded) : preload())), preload };
}

export const homeRoute = lazyRoute(() => import('./routes/home'));
const Home = homeRoute.Component;
const Session = lazy(() => import('./routes/session'));
const Login = lazy(() => import('./routes/login'));
const Callback = lazy(() => import('./routes/callback'));
const Settings = lazy(() => import('./routes/settings'));
const Email = lazy(() => import('./routes/email'));
const Notifications = lazy(() => import('./routes/notifications'));
const CalendarFeed = lazy(() => import('./routes/calendar-feed'));
const Money = lazy(() => import('./routes/money'));
const Account = lazy(() => import('./routes/account'));
/** A reading page: its module and the `pages` texts, which the first screen goes without. */
const readingPage = (load: () => Promise<RouteModule>) =>
  lazy(() => Promise.all([load(), loadNamespace('pages')]).then(([module]) => module));
const BadmintonLevels = readingPage(() => import('./routes/badminton-levels'));
const PrivacyPolicy = readingPage(() => import('./routes/privacy-policy'));
const TermsOfService = readingPage(() => import('./routes/terms-of-service'));
const AboutUs = readingPage(() => import('./routes/about-us'));

/** Member routes; every screen is its own chunk. Unknown paths fall back to home. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<Home />} />
        <Route path="session" element={<Session />} />
        <Route path="login" element={<Login />} />
        <Route path="callback" element={<Callback />} />
        <Route path="setting" element={<Settings />} />
        <Route path="setting/email" element={<Email />} />
        <Route path="setting/notifications" element={<Notifications />} />
        <Route path="setting/calendar" element={<CalendarFeed />} />
        <Route path="setting/money" element={<Money />} />
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
