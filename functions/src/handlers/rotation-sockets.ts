import { rateBuckets, rateLimitSettings } from '#app/limits.ts';
import { storeViewerChecks } from '#app/viewer-checks.ts';
import { TokenService } from '#auth/tokens.ts';
import { createDocumentClient } from '#db/client.ts';
import { RateCounters } from '#db/rate-counters.ts';
import { randomId, systemClock } from '#platform/clock.ts';
import { RateLimiter } from '#platform/rate-limit.ts';
import { RotationSockets } from '#rotation/socket-repository.ts';
import { type SocketEvent, socketRoutes } from '#rotation/sockets.ts';
import { originSecretValues } from './deps.ts';
import { observed, traced } from './observability.ts';
import { secrets } from './secrets.ts';

/**
 * `$connect` and `$disconnect` of the rotation board's WebSocket API (docs/ON-COURT.md, "Live";
 * infra/lib/constructs/rotation-live.ts). Plain environment reads and the repositories only, no
 * app: a small bundle (docs/DEPLOY.md, "Bundles").
 */
const env = process.env;
const store = {
  doc: traced(createDocumentClient({ region: env.AWS_REGION || 'ap-northeast-1', endpoint: env.DYNAMODB_ENDPOINT })),
  tableName: env.TABLE_NAME || 'shuttle',
};
// Only verifies tokens: the lifetimes are the issuers' (the API functions).
if (!env.JWT_SECRET && !env.JWT_SECRET_ARN) throw new Error('Invalid environment: JWT_SECRET_ARN');
const jwtSecret = env.JWT_SECRET || (await secrets.get(env.JWT_SECRET_ARN!));
const tokens = new TokenService({ secret: jwtSecret, memberTtlSeconds: 0, adminTtlSeconds: 0 });
const originArn = env.ORIGIN_SECRET_ARN;
// Upgrades count against their address's `liveConnect` bucket (app/limits.ts), like the APIs' calls.
const buckets = rateBuckets(['liveConnect'], rateLimitSettings(env.SHUTTLE_RATE_LIMITS));
const limiter = new RateLimiter({ counters: new RateCounters(store), clock: systemClock });

const routes = socketRoutes({
  sockets: new RotationSockets(store),
  checks: storeViewerChecks({ store, tokens, clock: systemClock, ids: randomId }),
  clock: systemClock,
  originSecrets: originArn ? async () => originSecretValues(await secrets.get(originArn)) : undefined,
  rateLimit: (address) => limiter.check(buckets, { address, account: null, email: null }),
  trustedProxies: env.TRUSTED_PROXY_HOPS === undefined ? 1 : Number(env.TRUSTED_PROXY_HOPS),
});

export const handler = observed(async (event: SocketEvent, _context?: unknown) => routes(event));
