/**
 * Local sign-in (`npm start`): the local stack's identity provider signs a real ID token that
 * the server verifies like LINE's or Google's. Never used when `devLogin` is false.
 */
export const DEMO_PLAYER = { sub: 'Udemoplayer0000000000000000000001', name: '王小明' } as const;

export async function fetchDevIdToken(
  provider: 'line' | 'google',
  identity: { sub: string; name: string } = DEMO_PLAYER,
): Promise<string> {
  const response = await fetch('/dev/id-token', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...identity, provider }),
  });
  if (!response.ok) throw new Error(`The local identity provider answered ${response.status}`);
  const body = (await response.json()) as { idToken?: unknown };
  if (typeof body.idToken !== 'string') throw new Error('The local identity provider sent no token');
  return body.idToken;
}

const DEV_IDENTITY_KEY = 'shuttle:dev-identity';

/** Who the local one-click login signs in as: the demo player unless a tester chose another. */
export function devIdentity(): { sub: string; name: string } {
  try {
    const raw = window.sessionStorage.getItem(DEV_IDENTITY_KEY);
    const parsed = raw ? (JSON.parse(raw) as { sub?: unknown; name?: unknown }) : null;
    if (parsed && typeof parsed.sub === 'string' && typeof parsed.name === 'string') {
      return { sub: parsed.sub, name: parsed.name };
    }
  } catch {
    /* fall back to the demo player */
  }
  return DEMO_PLAYER;
}
