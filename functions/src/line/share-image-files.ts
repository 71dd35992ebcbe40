/**
 * The files the share card's image is drawn with (share-card-image.ts; docs/LINE.md, "Share
 * card"): resvg's WebAssembly build, and Noto Sans TC and Noto Sans JP, regular and bold (TC has
 * traditional Chinese, JP the Japanese kanji forms TC lacks, such as 残 and 変; both have kana and
 * accented Latin), as installed by `npm ci`
 * (`package`, resolved from functions/) and where they sit beside a Lambda bundle (`bundled`,
 * relative to its index.mjs; infra/lib/bundling.ts, `BUNDLED_FILES`). Plain data with no imports,
 * so the stack reads it without bundling any route code.
 */
export interface BundledFile {
  /** The file in an installed package, as `require.resolve` takes it. */
  package: string;
  /** Its path beside the bundle, relative to the function's index.mjs. */
  bundled: string;
}

/** Where the bundled files of the share card sit, relative to the bundle. */
const SHARE_IMAGE_DIR = 'share-image';

export const SHARE_IMAGE_FILES = {
  wasm: { package: '@resvg/resvg-wasm/index_bg.wasm', bundled: `${SHARE_IMAGE_DIR}/resvg.wasm` },
  fonts: [
    {
      package: '@expo-google-fonts/noto-sans-tc/400Regular/NotoSansTC_400Regular.ttf',
      bundled: `${SHARE_IMAGE_DIR}/NotoSansTC-Regular.ttf`,
    },
    {
      package: '@expo-google-fonts/noto-sans-tc/700Bold/NotoSansTC_700Bold.ttf',
      bundled: `${SHARE_IMAGE_DIR}/NotoSansTC-Bold.ttf`,
    },
    {
      package: '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
      bundled: `${SHARE_IMAGE_DIR}/NotoSansJP-Regular.ttf`,
    },
    {
      package: '@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf',
      bundled: `${SHARE_IMAGE_DIR}/NotoSansJP-Bold.ttf`,
    },
  ],
} as const satisfies { wasm: BundledFile; fonts: readonly BundledFile[] };

/** Every file of the share card, for the function that draws it. */
export const SHARE_IMAGE_BUNDLED_FILES: readonly BundledFile[] = [SHARE_IMAGE_FILES.wasm, ...SHARE_IMAGE_FILES.fonts];
