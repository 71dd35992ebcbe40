import { useQuery } from '@shuttle/shared/web/query.ts';
import { runtimeConfig } from '@/config/config-loader';
import { apiCall } from '@/lib/api-client';
import { currentToken } from '@/lib/auth';

/** Query-cache keys of the player's money screen (docs/MONEY.md). */
export const moneyKeys = { passes: 'settings:passes', level: 'settings:level' } as const;

export const useMyPasses = () => useQuery(moneyKeys.passes, () => apiCall('checkState/passes/mine', {}));
export const useMyLevel = () => useQuery(moneyKeys.level, () => apiCall('checkState/setting/getLevel', {}));
export const setLevel = (level: number | null) => apiCall('checkState/setting/level', { level });

/** Downloads the player's bookings as CSV (UTF-8 with a BOM, a header row). */
export async function downloadHistoryCsv(): Promise<void> {
  const { apiBase } = await runtimeConfig();
  const res = await fetch(`${apiBase}/checkState/history/exportCsv`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${currentToken() ?? ''}` },
    body: '{}',
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? `HTTP ${res.status}`);
  }
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'shuttle-history.csv';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
