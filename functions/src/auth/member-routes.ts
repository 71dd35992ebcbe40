import { memberRoutes } from '@shuttle/shared';
import { type IdentityProvider, toProfile } from '#players/repository.ts';
import { contractRoutes } from '#platform/http.ts';
import type { Services } from '#app/services.ts';
import type { VerifiedIdentity } from './id-token.ts';

export function authRoutes(s: Services) {
  const login = async (provider: IdentityProvider, identity: VerifiedIdentity) => {
    const user = await s.users.upsertOnLogin(provider, identity, s.clock.now());
    const { token, expiresAt } = await s.tokens.issueMember({
      userId: user.userId,
      name: user.name,
      pictureUrl: user.pictureUrl,
    });
    return { token, expiresAt, user: toProfile(user) };
  };

  return contractRoutes(
    memberRoutes,
    {
      loginLine: async ({ idToken }) => login('line', await s.verifyLineIdToken(idToken)),
      loginGoogle: async ({ idToken }) => login('google', await s.verifyGoogleIdToken(idToken)),
      'checkState/checkAuth': async (_, { member }) => toProfile(await s.users.require(member!.userId)),
      'checkState/setting/updateProfile': async ({ language }, { member }) =>
        toProfile(await s.users.update(member!.userId, { language })),
    },
    s.http,
  );
}
