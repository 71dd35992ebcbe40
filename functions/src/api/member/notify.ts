import { memberCoreRoutes } from '@shuttle/shared';
import type { ServiceHandover } from '#notifications/service-handover.ts';
import { type ContractAppOptions, contractRoutes } from '#platform/http.ts';

export interface NotifyRouteDeps {
  serviceHandover: ServiceHandover;
  http: ContractAppOptions;
}

/** LINE MINI App mode: a LIFF access token for the caller's booking (docs/LINE.md, "Service messages"). */
export function notifyRoutes(s: NotifyRouteDeps) {
  return contractRoutes(
    memberCoreRoutes,
    {
      'checkState/notify/serviceToken': ({ liffAccessToken }, { member, refs }) =>
        s.serviceHandover.handOver({ userId: member.userId, ...refs.sessionId, liffAccessToken }),
    },
    s.http,
  );
}
