/** Brand marks of the login screen (the line icons live in @shuttle/shared/web/icons.tsx). */

/** LINE's speech-bubble mark, in its brand colours when placed on green. */
export const LineLogo = ({ size = 22 }: { size?: number }) => (
  <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path
      fill="currentColor"
      d="M12 3C6.5 3 2 6.6 2 11.1c0 4 3.6 7.4 8.4 8 .3.1.8.2.9.5.1.3.1.7 0 1l-.1.9c0 .3-.2 1 .9.5 1.1-.5 6-3.5 8.2-6 1.5-1.7 2.2-3.3 2.2-5C22.5 6.6 17.5 3 12 3z"
    />
    <path
      fill="#06C755"
      d="M7.6 13.3H5.7a.4.4 0 0 1-.4-.4V9.1a.4.4 0 0 1 .8 0v3.4h1.5a.4.4 0 0 1 0 .8zm1.6-.4a.4.4 0 0 1-.8 0V9.1a.4.4 0 0 1 .8 0zm4.5 0a.4.4 0 0 1-.7.2l-1.9-2.6v2.4a.4.4 0 0 1-.8 0V9.1a.4.4 0 0 1 .7-.2l1.9 2.6V9.1a.4.4 0 0 1 .8 0zm3-2.3a.4.4 0 0 1 0 .8h-1.5v.9h1.5a.4.4 0 0 1 0 .8h-1.9a.4.4 0 0 1-.4-.4V9.1c0-.2.2-.4.4-.4h1.9a.4.4 0 0 1 0 .8h-1.5v.9z"
    />
  </svg>
);

export const GoogleLogo = ({ size = 20 }: { size?: number }) => (
  <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
    <path
      fill="#FFC107"
      d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
    />
    <path
      fill="#FF3D00"
      d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
    />
    <path
      fill="#4CAF50"
      d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
    />
    <path
      fill="#1976D2"
      d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
    />
  </svg>
);
