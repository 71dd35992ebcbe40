import { memberRoutes, STORAGE_KEYS } from '@shuttle/shared';
import { callContract } from '@shuttle/shared/web/api-client.ts';
import { storage } from '@shuttle/shared/web/storage.ts';
import { env } from '@/config/env';

/** The member app's login on this origin, if any: a player can open an admin account with it. */
export const memberToken = () => storage.get(STORAGE_KEYS.memberToken);

/**
 * 'Become team leader' (member API): opens or reopens the admin account linked to the player,
 * with the member app's token (same origin, shared localStorage); a 401 here says nothing about
 * the admin login.
 */
export const becomeLeader = (token: string) =>
  callContract(
    memberRoutes['checkState/setting/becomeLeader'],
    () => `${env.memberApiBase}/checkState/setting/becomeLeader`,
    {},
    {},
    () => ({ token }),
  );
