import type { Region } from '@shuttle/shared';

export type LocateFailure = 'denied' | 'unknownRegion' | 'failed';

export class LocateRegionError extends Error {
  constructor(readonly reason: LocateFailure) {
    super(`Locating the region failed: ${reason}`);
    this.name = 'LocateRegionError';
  }
}

const PERMISSION_DENIED = 1;

/** The browser's position, turned into one of the 21 regions on the device (no third-party call). */
export async function locateRegion(
  geolocation: Geolocation | undefined = globalThis.navigator?.geolocation,
): Promise<Region> {
  if (!geolocation) throw new LocateRegionError('failed');
  const position = await new Promise<GeolocationPosition>((resolve, reject) =>
    geolocation.getCurrentPosition(resolve, reject, {
      enableHighAccuracy: false,
      timeout: 15_000,
      maximumAge: 600_000,
    }),
  ).catch((error: GeolocationPositionError | unknown) => {
    const code = (error as GeolocationPositionError | undefined)?.code;
    throw new LocateRegionError(code === PERMISSION_DENIED ? 'denied' : 'failed');
  });
  // The anchor table is loaded only when someone asks for their position.
  const { regionAt } = await import('./region-lookup');
  const region = regionAt(position.coords.latitude, position.coords.longitude);
  if (!region) throw new LocateRegionError('unknownRegion');
  return region;
}
