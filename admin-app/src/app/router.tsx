import { type ComponentType, lazy } from 'react';
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

const Login = screen(() => import('./routes/login'));
const ResetPassword = screen(() => import('./routes/reset-password'));
const Signedup = screen(() => import('./routes/signedup'));
const Board = lazy(() => import('./routes/board'));
const Detail = screen(() => import('./routes/detail'));
const Create = screen(() => import('./routes/create'));
const Members = screen(() => import('./routes/members'));
const Books = screen(() => import('./routes/books'));
const Signed = screen(() => import('./routes/signed'));
const Signlist = screen(() => import('./routes/signlist'));
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
