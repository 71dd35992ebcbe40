import { type Language, SHARE_IMAGE_SIZE } from '@shuttle/shared';
import { type ShareCard, shareText } from './share-card.ts';

/** Every character HTML treats as markup, in text and in attribute values alike. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** The page's own policy: no script at all, its inline style, its preview image. */
export const SHARE_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Readable at 390 px, light and dark (contrast >= 4.5:1 both ways). */
const STYLE = `
:root{color-scheme:light dark;--bg:#f0fdfa;--card:#fff;--ink:#134e4a;--muted:#4b5563;--brand:#0f766e;--on-brand:#fff}
@media (prefers-color-scheme:dark){:root{--bg:#042f2e;--card:#0b3b39;--ink:#f0fdfa;--muted:#cbd5e1;--brand:#5eead4;--on-brand:#042f2e}}
*{box-sizing:border-box}body{margin:0;background:var(--bg);color:var(--ink);font:16px/1.5 system-ui,"Noto Sans CJK TC","PingFang TC",sans-serif}
main{max-width:32rem;margin:0 auto;padding:1.5rem 1rem}
.card{background:var(--card);border-radius:1rem;padding:1.25rem;box-shadow:0 1px 3px rgb(0 0 0/.12)}
.team{margin:0;color:var(--brand);font-weight:700;font-size:.875rem}
h1{margin:.25rem 0 1rem;font-size:1.375rem;line-height:1.3;overflow-wrap:anywhere}
dl{display:grid;grid-template-columns:auto 1fr;gap:.5rem 1rem;margin:0}dt{color:var(--muted)}dd{margin:0;overflow-wrap:anywhere}
.actions{display:grid;gap:.75rem;margin-top:1.25rem}
.button{display:block;text-align:center;padding:.75rem 1rem;border-radius:.75rem;font-weight:700;text-decoration:none;min-height:44px}
.primary{background:var(--brand);color:var(--on-brand)}.secondary{border:2px solid var(--brand);color:var(--ink)}
img{display:block;width:100%;height:auto;border-radius:.75rem;margin-bottom:1rem}
`;

function document(language: Language, title: string, head: string, body: string): string {
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
${head}
<style>${STYLE}</style>
</head>
<body><main>${body}</main></body>
</html>
`;
}

export interface SharePageLinks {
  /** The page's own absolute URL (og:url). */
  pageUrl: string;
  /** The preview image's absolute URL (og:image, and the image on the page). */
  imageUrl: string;
  /** The session in the member app inside LINE (`https://liff.line.me/<liffId>/session?id=`), with a LIFF id. */
  liffUrl?: string;
  /** The session in the member app in a browser. */
  webUrl: string;
}

/** The share page: Open Graph tags for the chat's preview, and the same card for whoever opens it. */
export function sharePage(card: ShareCard, links: SharePageLinks): string {
  const t = (path: string) => escapeHtml(shareText(card.language, path));
  const meta = (property: string, content: string) => `<meta property="${property}" content="${escapeHtml(content)}">`;
  const head = [
    `<meta name="description" content="${escapeHtml(card.description)}">`,
    meta('og:type', 'website'),
    meta('og:site_name', shareText(card.language, 'siteName')),
    meta('og:title', card.title),
    meta('og:description', card.description),
    meta('og:url', links.pageUrl),
    meta('og:locale', card.language.replace('-', '_')),
    meta('og:image', links.imageUrl),
    meta('og:image:width', String(SHARE_IMAGE_SIZE.width)),
    meta('og:image:height', String(SHARE_IMAGE_SIZE.height)),
    meta('og:image:alt', `${card.title} · ${card.description}`),
    '<meta name="twitter:card" content="summary_large_image">',
  ].join('\n');
  const row = (label: string, value: string) => `<dt>${t(label)}</dt><dd>${escapeHtml(value)}</dd>`;
  const body = `<article class="card">
<img src="${escapeHtml(links.imageUrl)}" width="${SHARE_IMAGE_SIZE.width}" height="${SHARE_IMAGE_SIZE.height}" alt="">
<p class="team">${escapeHtml(card.teamName)}</p>
<h1>${escapeHtml(card.title)}</h1>
<dl>${row('when', card.when)}${row('venue', card.venue)}${row('price', card.price)}${row('places', card.places)}</dl>
<div class="actions">
${links.liffUrl ? `<a class="button primary" href="${escapeHtml(links.liffUrl)}" data-testid="share-open-line">${t('openLine')}</a>` : ''}
<a class="button ${links.liffUrl ? 'secondary' : 'primary'}" href="${escapeHtml(links.webUrl)}" data-testid="share-open-web">${t('openWeb')}</a>
</div>
</article>`;
  return document(card.language, `${card.title} · ${card.teamName}`, head, body);
}

/** The 404 page of an unknown, deleted or team-only session: no detail of why. */
export function shareNotFoundPage(language: Language): string {
  const t = (path: string) => escapeHtml(shareText(language, path));
  return document(
    language,
    shareText(language, 'notFoundTitle'),
    '<meta name="robots" content="noindex">',
    `<article class="card"><h1>${t('notFoundTitle')}</h1><p>${t('notFound')}</p></article>`,
  );
}
