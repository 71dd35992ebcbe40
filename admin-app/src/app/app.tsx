import { BrowserRouter } from 'react-router';
import { GlobalOverlays } from './global-overlays';
import { AppRoutes } from './router';

/** The admin app lives under /admin/ beside the member app. */
export const BASENAME = '/admin';

export function App() {
  return (
    <BrowserRouter basename={BASENAME}>
      <AppRoutes />
      <GlobalOverlays />
    </BrowserRouter>
  );
}
