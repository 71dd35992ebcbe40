import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { AdminLayout } from './admin-layout';
import { PublicRoute } from './public-route';
import { RequireAdmin } from './require-admin';

const Login = lazy(() => import('./routes/login'));
const ResetPassword = lazy(() => import('./routes/reset-password'));
const Signedup = lazy(() => import('./routes/signedup'));
const Board = lazy(() => import('./routes/board'));
const Detail = lazy(() => import('./routes/detail'));
const Create = lazy(() => import('./routes/create'));
const Members = lazy(() => import('./routes/members'));
const Books = lazy(() => import('./routes/books'));
const Signed = lazy(() => import('./routes/signed'));
const Signlist = lazy(() => import('./routes/signlist'));
const Rotation = lazy(() => import('./routes/rotation'));
const RotationScreen = lazy(() => import('./routes/rotation-screen'));
const Money = lazy(() => import('./routes/money'));
const Settlement = lazy(() => import('./routes/settlement'));
const PaymentDetails = lazy(() => import('./routes/setting-payment'));
const Settings = lazy(() => import('./routes/settings'));
const TeamName = lazy(() => import('./routes/setting-team-name'));
const Location = lazy(() => import('./routes/setting-location'));
const Pricing = lazy(() => import('./routes/setting-pricing'));
const PrivateRules = lazy(() => import('./routes/setting-private-rules'));
const Line = lazy(() => import('./routes/setting-line'));
const AccountManagement = lazy(() => import('./routes/setting-account-management'));

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
