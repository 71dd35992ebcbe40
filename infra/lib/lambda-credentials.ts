import { fromEnv } from '@aws-sdk/credential-provider-env';

/**
 * Stands in for `@aws-sdk/credential-provider-node` in the Lambda bundles (the `alias` of
 * infra/lib/bundling.ts). Its `defaultProvider` is what every SDK client calls when given no
 * credentials: a chain of env, SSO, ini files, processes, web identity, ECS and EC2 metadata,
 * which brings ~120 KB (with the nested STS/SSO/sign-in clients) into each bundle. Lambda hands a
 * function its role's credentials only as environment variables (AWS_ACCESS_KEY_ID,
 * AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN), so in a bundle the chain's first link is the whole
 * chain. Local runs and the tests are not bundled and keep the full chain.
 */
export const defaultProvider = (init: Parameters<typeof fromEnv>[0] = {}): ReturnType<typeof fromEnv> => fromEnv(init);
