/**
 * `npm run bench:share-image` (`-- --json`: the figures as one JSON line at the end): the share
 * card's image as the member API and the `member-share-api` Lambda draw it (docs/LINE.md, "Share
 * card"; functions/src/line/share-card-image.ts). In a fresh process: the first image (reading
 * and compiling resvg's WebAssembly, reading the four font files, drawing), then warm images in
 * each language (`BENCH_IMAGES`, default 20), with their median and 90th percentile.
 */

import { shareCardRenderer } from '@shuttle/functions/line/share-card-image.ts';
import { LANGUAGES } from '@shuttle/shared';

const IMAGES = Number(process.env.BENCH_IMAGES ?? 20);
const TITLES = [
  '週三夜間羽球・新手友善',
  'Wednesday night badminton',
  'Bádminton del miércoles',
  '水曜日のバドミントン練習会',
  'Mittwochs-Badminton für Anfänger',
];

const render = shareCardRenderer();
const card = (i: number) => ({
  language: LANGUAGES[i % LANGUAGES.length]!,
  title: TITLES[i % TITLES.length]!,
  teamName: '大安羽球隊',
  when: '3月6日 週三 19:00–21:00',
  venue: '大安運動中心',
  price: '250 元',
  places: `剩 ${i % 12} 位（共 12 位）`,
});
const timed = async (i: number) => {
  const start = performance.now();
  const png = await render(card(i));
  return { ms: performance.now() - start, bytes: png.length };
};

const first = await timed(0);
const warm: number[] = [];
let bytes = 0;
for (let i = 1; i <= IMAGES; i++) {
  const { ms, bytes: b } = await timed(i);
  warm.push(ms);
  bytes += b;
}
warm.sort((a, b) => a - b);
const at = (q: number) => warm[Math.min(warm.length - 1, Math.floor(q * warm.length))]!;
const figures = {
  firstImageMs: Math.round(first.ms),
  warmMedianMs: Math.round(at(0.5)),
  warmP90Ms: Math.round(at(0.9)),
  images: IMAGES,
  meanPngKb: Math.round(bytes / IMAGES / 1024),
};
console.log(`Share card image (1200 x 630 PNG, resvg WebAssembly, Noto Sans TC + JP):`);
console.log(`  first image (WebAssembly and fonts read, then drawn): ${figures.firstImageMs} ms`);
console.log(
  `  warm, ${IMAGES} images: median ${figures.warmMedianMs} ms, p90 ${figures.warmP90Ms} ms, ${figures.meanPngKb} KB each`,
);
if (process.argv.includes('--json')) console.log(JSON.stringify(figures));
