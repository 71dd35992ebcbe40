import { type ComponentType, lazy, useState } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { textsComplete } from '@/lib/i18n';
import { AdminLayout } from './admin-layout';
import { PublicRoute } from './public-route';
import { RequireAdmin } from './require-admin';

/**
 * A screen past the first: its chunk and the whole of the texts (the board renders with its own
 * texts alone, app/first-screen-texts.ts; docs/PLAYER-EXPERIENCE.md, "Speed", for admins).
 */
const screen = <P extends object>(load: () => Promise<{ default: ComponentType<P> }>) =>
  lazy(() => Promise.all([load(), textsComplete()]).then(([module]) => module));

interface EarlyScreenModule {
  screen: ComponentType;
  /** Starts the screen's data call for the address's query. */
  prefetch: (params: URLSearchParams) => void;
}

type EarlyScreen = ComponentType & { preload: (params: URLSearchParams) => Promise<void> };

/**
 * A screen that can start before the login check ends (`preloadScreen`). Once its chunk and the
 * texts it waits for are in, it renders at once, in the same pass as the signed-in frame around
 * it, rather than a fallback first and itself a render and a layout later.
 */
function early(load: () => Promise<EarlyScreenModule>, waitsForTexts: boolean): EarlyScreen {
  let loaded: ComponentType | undefined;
  const ready = () =>
    Promise.all([load(), waitsForTexts ? textsComplete() : undefined]).then(([module]) => {
      loaded = module.screen;
      return module;
    });
  const Lazy = lazy(() => ready().then((module) => ({ default: module.screen })));
  function Screen() {
    // Chosen once per mount: the component never changes under a mounted screen.
    const [Component] = useState(() => loaded ?? Lazy);
    return <Component />;
  }
  return Object.assign(Screen, {
    preload: (params: URLSearchParams) => ready().then((module) => module.prefetch(params)),
  });
}

const loadLogin = () => import('./routes/login');
const Login = screen(loadLogin);
const ResetPassword = screen(() => import('./routes/reset-password'));
const Signedup = screen(() => import('./routes/signedup'));
const Board = early(
  () => import('./routes/board').then(({ default: screen, prefetch }) => ({ screen, prefetch })),
  false,
);
const Detail = screen(() => import('./routes/detail'));
const Create = screen(() => import('./routes/create'));
const Members = screen(() => import('./routes/members'));
const Books = screen(() => import('./routes/books'));
const Signed = screen(() => import('./routes/signed'));
const Signlist = early(
  () => import('./routes/signlist').then(({ default: screen, prefetch }) => ({ screen, prefetch })),
  true,
);
const Rotation = screen(() => import('./routes/rotation'));
const RotationScreen = screen(() => import('./routes/rotation-screen'));
const Money = screen(() => import('./routes/money'));
const Settlement = screen(() => import('./routes/settlement'));
const PaymentDetails = screen(() => import('./routes/setting-payment'));
const Settings = screen(() => import('./routes/settings'));
const TeamName = screen(() => import('./routes/setting-team-name'));
const Location = screen(() => import('./routes/setting-location'));
const Pricing = screen(() => import('./routes/setting-pricing'));
const PrivateRules = screen(() => import('./routes/setting-private-rules'));
const Line = screen(() => import('./routes/setting-line'));
const AccountManagement = screen(() => import('./routes/setting-account-management'));

/** The screens that start beside the login check (`preloadScreen`), by path below the app's base. */
const EARLY_SCREENS: Record<string, EarlyScreen> = { '/': Board, '/signlist': Signlist };

/**
 * At start with a stored login (app/first-screen.ts): the board (the landing screen) and
 * check-in's day list load their chunk, the texts past the first screen's when they need them,
 * and start their data call while the login is checked, instead of one after the other once it
 * is (docs/PLAYER-EXPERIENCE.md, "Speed", for admins). `pathname` is below the app's base.
 */
export function preloadScreen(pathname: string, search: string): void {
  EARLY_SCREENS[pathname.replace(/(.)\/$/, '$1')]?.preload(new URLSearchParams(search)).catch(() => undefined);
}

/** Without a login, at /login: the login page's chunk and its texts load at once from the entry. */
export function preloadLogin(): void {
  Promise.all([loadLogin(), textsComplete()]).catch(() => undefined);
}

/** Admin routes under /admin; each screen is its own chunk; unknown paths go home. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<PublicRoute />}>
        <Route path="login" element={<Login />} />
        <Route path="reset_password" element={<ResetPassword />} />
        <Route path="signedup" element={<Signedup />} />
        <Route path="screen/rotation" element={<RotationScreen />} />
      </Route>
      <Route
        element={
          <RequireAdmin>
            <AdminLayout />
          </RequireAdmin>
        }
      >
        <Route index element={<Board />} />
        <Route path="detail" element={<Detail />} />
        <Route path="create" element={<Create />} />
        <Route path="members" element={<Members />} />
        <Route path="books" element={<Books />} />
        <Route path="signed" element={<Signed />} />
        <Route path="signlist" element={<Signlist />} />
        <Route path="rotation" element={<Rotation />} />
        <Route path="money" element={<Money />} />
        <Route path="settlement" element={<Settlement />} />
        <Route path="setting" element={<Settings />} />
        <Route path="setting/team_name" element={<TeamName />} />
        <Route path="setting/location" element={<Location />} />
        <Route path="setting/pricing" element={<Pricing />} />
        <Route path="setting/private_rules" element={<PrivateRules />} />
        <Route path="setting/payment" element={<PaymentDetails />} />
        <Route path="setting/line" element={<Line />} />
        <Route path="setting/account_management" element={<AccountManagement />} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
