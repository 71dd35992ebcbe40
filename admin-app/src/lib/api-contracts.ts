import { adminRoutes } from '@shuttle/shared';
import { contractReader } from '@shuttle/shared/web/api-client.ts';
import type { Contracts } from '@shuttle/shared/web/api-transport.ts';

/** The admin API's contracts and zod: a chunk of their own, loaded by the first call (api-client.ts). */
export const contracts: Contracts<typeof adminRoutes> = { routes: adminRoutes, ...contractReader };
