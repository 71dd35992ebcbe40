import { REGIONS } from '@shuttle/shared';
import { describe, expect, it, vi } from 'vitest';
import { LocateRegionError, locateRegion } from './locate-region';
import { regionAt } from './region-lookup';

describe('offline region lookup', () => {
  it.each([
    ['Taipei 101', 25.034, 121.5645, '台北市'],
    ['Beitou hot springs', 25.137, 121.507, '台北市'],
    ['Banqiao station', 25.0143, 121.4637, '新北市'],
    ['Tamsui old street', 25.17, 121.44, '新北市'],
    ['Keelung harbour (no region of its own)', 25.1283, 121.7419, '新北市'],
    ['Taoyuan airport', 25.0797, 121.2342, '桃園市'],
    ['Hsinchu station', 24.8016, 120.9716, '新竹市'],
    ['Zhubei, Hsinchu HSR', 24.8083, 121.0402, '新竹縣'],
    ['Miaoli station', 24.5703, 120.8225, '苗栗縣'],
    ['Taichung HSR', 24.112, 120.616, '台中市'],
    ['Changhua station', 24.0817, 120.5383, '彰化縣'],
    ['Sun Moon Lake', 23.8573, 120.9157, '南投縣'],
    ['Douliu', 23.7117, 120.5411, '雲林縣'],
    ['Chiayi station', 23.4791, 120.4412, '嘉義市'],
    ['Alishan', 23.51, 120.8, '嘉義縣'],
    ['Chihkan Tower, Tainan', 22.9975, 120.2025, '台南市'],
    ['85 Sky Tower, Kaohsiung', 22.612, 120.3, '高雄市'],
    ['Pingtung station', 22.669, 120.486, '屏東縣'],
    ['Kenting', 21.946, 120.797, '屏東縣'],
    ['Yilan station', 24.7546, 121.7582, '宜蘭縣'],
    ['Hualien station', 23.9932, 121.6013, '花蓮縣'],
    ['Taitung city', 22.7554, 121.1504, '台東縣'],
    ['Magong, Penghu', 23.5654, 119.5862, '澎湖縣'],
    ['Jincheng, Kinmen', 24.4323, 118.3171, '金門縣'],
    ['Nangan, Matsu', 26.16, 119.95, '連江縣'],
  ])('%s is in %s', (_, lat, lng, region) => {
    expect(regionAt(lat, lng)).toBe(region);
  });

  it('answers only regions of the list', () => {
    for (let lat = 22; lat <= 25.3; lat += 0.15) {
      for (let lng = 120.1; lng <= 121.9; lng += 0.15) {
        const region = regionAt(lat, lng);
        if (region) expect(REGIONS).toContain(region);
      }
    }
  });

  it('resolves nothing far from Taiwan or out at sea', () => {
    expect(regionAt(35.681, 139.767)).toBeNull(); // Tokyo
    expect(regionAt(24.48, 118.09)).toBeNull(); // Xiamen
    expect(regionAt(23.5, 122.6)).toBeNull(); // the Pacific east of Hualien
    expect(regionAt(Number.NaN, 121)).toBeNull();
  });
});

function fakeGeolocation(outcome: { coords: { latitude: number; longitude: number } } | { code: number }) {
  return {
    getCurrentPosition: vi.fn((ok: PositionCallback, fail: PositionErrorCallback) => {
      if ('coords' in outcome) ok(outcome as unknown as GeolocationPosition);
      else fail({ code: outcome.code, message: 'x' } as GeolocationPositionError);
    }),
  } as unknown as Geolocation;
}

describe('locating the player', () => {
  it('turns the position into a region', async () => {
    await expect(locateRegion(fakeGeolocation({ coords: { latitude: 25.034, longitude: 121.5645 } }))).resolves.toBe(
      '台北市',
    );
  });

  it('reports a refused permission as denied', async () => {
    await expect(locateRegion(fakeGeolocation({ code: 1 }))).rejects.toEqual(new LocateRegionError('denied'));
  });

  it('reports an unavailable position or a time-out as failed', async () => {
    await expect(locateRegion(fakeGeolocation({ code: 2 }))).rejects.toMatchObject({ reason: 'failed' });
    await expect(locateRegion(fakeGeolocation({ code: 3 }))).rejects.toMatchObject({ reason: 'failed' });
    await expect(locateRegion(undefined)).rejects.toMatchObject({ reason: 'failed' });
  });

  it('reports a position outside every region as unknown', async () => {
    await expect(
      locateRegion(fakeGeolocation({ coords: { latitude: 35.681, longitude: 139.767 } })),
    ).rejects.toMatchObject({ reason: 'unknownRegion' });
  });
});
