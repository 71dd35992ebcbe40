import { useEffect, useState } from 'react';

/**
 * `url` as an SVG QR code (null while it renders or without a url). The library loads on demand,
 * so it stays out of every first chunk; a new url never shows the previous one's code.
 */
export function useQrCode(url: string | null): string | null {
  const [svg, setSvg] = useState<{ url: string; svg: string } | null>(null);
  useEffect(() => {
    if (!url) return;
    let live = true;
    import('qrcode')
      .then(({ default: QRCode }) => QRCode.toString(url, { type: 'svg', margin: 1 }))
      .then((out) => live && setSvg({ url, svg: out }))
      .catch(() => live && setSvg(null));
    return () => {
      live = false;
    };
  }, [url]);
  return url && svg?.url === url ? svg.svg : null;
}

/** An SVG string as an image source. */
export const svgSource = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
