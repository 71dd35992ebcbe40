import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * Back returns to where the player was (docs/PLAYER-EXPERIENCE.md, "Scroll"): the scroll
 * position is kept per history entry in sessionStorage, restored on a Back/Forward (POP) once
 * the page is tall enough (lists render from the query cache, or a moment later), and a new
 * screen opens at the top.
 */
const KEY = 'shuttle:scroll';
/** How long a restore waits for the content to grow tall enough. */
const RESTORE_WAIT_MS = 1500;

/** Whether this page was reloaded or reached by Back/Forward, rather than opened afresh. */
function revisited(): boolean {
  const [entry] = (performance.getEntriesByType?.('navigation') ?? []) as PerformanceNavigationTiming[];
  return entry?.type === 'reload' || entry?.type === 'back_forward';
}

let known: Record<string, number> | null = null;

/**
 * The saved positions, kept in memory and mirrored to sessionStorage for a reload. A page opened
 * afresh has nothing to restore, so it does not read sessionStorage at start-up: the first read
 * is a synchronous trip to the browser process, on the first screen's critical path.
 */
function positions(): Record<string, number> {
  if (known) return known;
  known = {};
  if (!revisited()) return known;
  try {
    known = JSON.parse(window.sessionStorage.getItem(KEY) ?? '{}') as Record<string, number>;
  } catch {
    // Unreadable: nothing to restore.
  }
  return known;
}

function remember(entry: string, y: number): void {
  const all = positions();
  all[entry] = Math.round(y);
  const keys = Object.keys(all);
  // Keep the newest 50 entries.
  for (const old of keys.slice(0, Math.max(0, keys.length - 50))) delete all[old];
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    // Storage full or blocked: restoring still works within this page, only not after a reload.
  }
}

export function useScrollRestoration(): void {
  const location = useLocation();
  const navigation = useNavigationType();
  /** The entry on screen: a late scroll event of the previous screen never saves over it. */
  const active = useRef(location.key);

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  }, []);

  // Save while the player scrolls this entry.
  useEffect(() => {
    const entry = location.key;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (active.current === entry) remember(entry, window.scrollY);
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, [location.key]);

  useLayoutEffect(() => {
    active.current = location.key;
    if (navigation !== 'POP') {
      window.scrollTo(0, 0);
      return;
    }
    const target = positions()[location.key];
    if (!target) return;
    const until = Date.now() + RESTORE_WAIT_MS;
    let frame = 0;
    const attempt = () => {
      const reachable = document.documentElement.scrollHeight - window.innerHeight >= target;
      if (reachable || Date.now() > until) window.scrollTo(0, target);
      else frame = requestAnimationFrame(attempt);
    };
    attempt();
    return () => cancelAnimationFrame(frame);
  }, [location.key, navigation]);
}
