import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { initLiff, liffStatePath } from '@/lib/liff';

/**
 * A LIFF URL such as https://liff.line.me/{id}/session?id=… arrives as `?liff.state=…`. The SDK
 * normally forwards it during liff.init; this finishes the job if the address still carries it.
 */
export function LiffDeepLink() {
  const navigate = useNavigate();
  useEffect(() => {
    if (!liffStatePath(window.location.search)) return;
    initLiff()
      .catch(() => undefined)
      .then(() => {
        const path = liffStatePath(window.location.search);
        if (path) navigate(path, { replace: true });
      });
  }, [navigate]);
  return null;
}
