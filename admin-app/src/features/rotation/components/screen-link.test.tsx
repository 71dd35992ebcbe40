import { render, screen, waitFor } from '@testing-library/react';
import QRCode from 'qrcode';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ScreenLink } from './screen-link';

const TOKEN = 'screen-token-0123456789abcdef0123456789';
const ROTATED = 'rotated-token-0123456789abcdef012345678';
const screenUrl = (token: string) =>
  `${window.location.origin}/screen/rotation?${new URLSearchParams({ id: 'session-1', token })}`;
/** The image the link's QR code should be: the library's SVG for that exact URL. */
const qrSrc = async (token: string) =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(await QRCode.toString(screenUrl(token), { type: 'svg', margin: 1 }))}`;

const link = (token: string) => (
  <MemoryRouter>
    <ScreenLink sessionId="session-1" token={token} busy={false} onRotate={() => {}} />
  </MemoryRouter>
);

describe('the venue screen link', () => {
  it('shows a QR code of the screen URL, and a new one when the token is rotated', async () => {
    const { rerender } = render(link(TOKEN));
    expect(screen.getByTestId('screen-link').getAttribute('href')).toBe(screenUrl(TOKEN));
    const qr = (await screen.findByRole('img', { name: '場館螢幕連結的 QR code' })) as HTMLImageElement;
    const first = await qrSrc(TOKEN);
    expect(qr.getAttribute('src')).toBe(first);
    expect(decodeURIComponent(first)).toContain('<svg');

    rerender(link(ROTATED));
    const second = await qrSrc(ROTATED);
    expect(second).not.toBe(first);
    await waitFor(() => expect(screen.getByTestId('screen-qr').getAttribute('src')).toBe(second));
  });
});
