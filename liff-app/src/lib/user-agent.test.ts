import { describe, expect, it } from 'vitest';
import { canOfferGoogleLogin, detectInAppBrowser, needsExternalBrowser } from './user-agent';

const UA = {
  facebookIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBDV/iPhone15,2;FBMD/iPhone;FBSN/iOS;FBSV/17.4;FBSS/3;FBID/phone;FBLC/zh_TW;FBOP/5]',
  facebookAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UQ1A.240205.004; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/122.0.6261.105 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/454.0.0.44.108;]',
  instagram:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 323.0.3.19.100 (iPhone15,2; iOS 17_4; zh_TW; zh-Hant; scale=3.00; 1179x2556; 579364826)',
  line: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/14.3.0 LIFF',
  chrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/122.0.0.0 Mobile Safari/537.36',
  safari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
};

describe('in-app browser detection', () => {
  it('recognises Facebook on iOS and Android', () => {
    expect(detectInAppBrowser(UA.facebookIos)).toBe('facebook');
    expect(detectInAppBrowser(UA.facebookAndroid)).toBe('facebook');
  });

  it('recognises Instagram', () => {
    expect(detectInAppBrowser(UA.instagram)).toBe('instagram');
  });

  it('recognises LINE', () => {
    expect(detectInAppBrowser(UA.line)).toBe('line');
  });

  it('treats Chrome and Safari as ordinary browsers', () => {
    expect(detectInAppBrowser(UA.chrome)).toBeNull();
    expect(detectInAppBrowser(UA.safari)).toBeNull();
  });

  it('asks Facebook and Instagram users, and nobody else, for an external browser', () => {
    expect(needsExternalBrowser(UA.facebookIos)).toBe(true);
    expect(needsExternalBrowser(UA.facebookAndroid)).toBe(true);
    expect(needsExternalBrowser(UA.instagram)).toBe(true);
    expect(needsExternalBrowser(UA.line)).toBe(false);
    expect(needsExternalBrowser(UA.chrome)).toBe(false);
  });

  it('never offers Google login inside LINE, Facebook or Instagram', () => {
    expect(canOfferGoogleLogin(UA.line, false)).toBe(false);
    expect(canOfferGoogleLogin(UA.facebookAndroid, false)).toBe(false);
    expect(canOfferGoogleLogin(UA.instagram, false)).toBe(false);
    expect(canOfferGoogleLogin(UA.chrome, true)).toBe(false);
    expect(canOfferGoogleLogin(UA.chrome, false)).toBe(true);
    expect(canOfferGoogleLogin(UA.safari, false)).toBe(true);
  });
});
