import { handle } from 'hono/aws-lambda';
import { createAdminOpenApi } from '#app/admin-groups.ts';
import { withTrustedOrigin } from './deps.ts';
import { observed } from './observability.ts';

/**
 * The admin API's document route group (app/route-groups.ts): `/api/admin/openapi.json`, built
 * from every admin contract; reads no table and no secret but the origin's, sends no e-mail.
 */
export const handler = observed(withTrustedOrigin(handle(createAdminOpenApi())));
