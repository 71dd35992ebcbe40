import { BrowserRouter } from 'react-router';
import { GlobalOverlays } from './global-overlays';
import { LiffDeepLink } from './liff-deep-link';
import { AppRoutes } from './router';

export function App() {
  return (
    <BrowserRouter>
      <LiffDeepLink />
      <AppRoutes />
      <GlobalOverlays />
    </BrowserRouter>
  );
}
