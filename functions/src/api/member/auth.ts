import { memberAuthRoutes } from '@shuttle/shared';
import type { IdTokenVerify, VerifiedIdentity } from '#auth/id-token.ts';
import type { TokenService } from '#auth/tokens.ts';
import type { Store } from '#db/client.ts';
import { requestRichMenuLink } from '#line/rich-menu-request.ts';
import type { Clock, IdGenerator } from '#platform/clock.ts';
import { type ContractAppOptions, contractRoutes } from '#platform/http.ts';
import { type IdentityProvider, type PlayerRepository, toProfile } from '#players/repository.ts';

export interface AuthRouteDeps {
  users: PlayerRepository;
  tokens: TokenService;
  verifyLineIdToken: IdTokenVerify;
  verifyGoogleIdToken: IdTokenVerify;
  clock: Clock;
  store: Store;
  ids: IdGenerator;
  http: ContractAppOptions;
}

export function authRoutes(s: AuthRouteDeps) {
  const login = async (provider: IdentityProvider, identity: VerifiedIdentity) => {
    const user = await s.users.upsertOnLogin(provider, identity, s.clock.now());
    // A LINE player who chose a language gets its rich menu again (docs/LINE.md, "Rich menus").
    if (provider === 'line' && user.language) await requestRichMenuLink(s, user.userId, s.clock.now());
    const { token, expiresAt } = await s.tokens.issueMember({
      userId: user.userId,
      name: user.name,
      pictureUrl: user.pictureUrl,
    });
    return { token, expiresAt, user: toProfile(user) };
  };

  return contractRoutes(
    memberAuthRoutes,
    {
      loginLine: async ({ idToken }) => login('line', await s.verifyLineIdToken(idToken)),
      loginGoogle: async ({ idToken }) => login('google', await s.verifyGoogleIdToken(idToken)),
      'checkState/checkAuth': async (_, { member }) => toProfile(await s.users.require(member.userId)),
      'checkState/setting/updateProfile': async ({ language }, { member }) => {
        const user = await s.users.update(member.userId, { language });
        // After the change is stored, so the notifier reads the new language.
        await requestRichMenuLink(s, user.userId, s.clock.now());
        return toProfile(user);
      },
    },
    s.http,
  );
}
