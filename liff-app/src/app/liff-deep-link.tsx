import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/**
 * A LIFF URL such as https://liff.line.me/{id}/session?id=… arrives as `?liff.state=…`. The SDK
 * normally forwards it during liff.init; this finishes the job if the address still carries it.
 */
export function LiffDeepLink() {
  const navigate = useNavigate();
  useEffect(() => {
    if (!new URLSearchParams(window.location.search).has('liff.state')) return;
    // Loaded only for such an address, so the LIFF SDK stays out of the first screen's bundle.
    void import('@/lib/liff').then(({ initLiff, liffStatePath }) =>
      initLiff()
        .catch(() => undefined)
        .then(() => {
          const path = liffStatePath(window.location.search);
          if (path) navigate(path, { replace: true });
        }),
    );
  }, [navigate]);
  return null;
}
