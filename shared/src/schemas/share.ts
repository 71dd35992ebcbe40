/**
 * A session's public share link (docs/LINE.md, "Share card"): a page under the member API whose
 * Open Graph tags LINE and other chats render as a preview, and its preview image. Both apps
 * share this link where a plain link is shared.
 */
export const sharePagePath = (sessionId: string) => `/api/share/${encodeURIComponent(sessionId)}`;
export const shareImagePath = (sessionId: string) => `${sharePagePath(sessionId)}/card.png`;
/** The preview image's size: the 1.91:1 Open Graph image LINE, Facebook and others crop least. */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;
