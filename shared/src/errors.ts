/**
 * Machine-readable error codes carried in the failure envelope's `error` field, with the
 * server's default English message (SPEC §8 where it gives one). Clients translate by code.
 */
export const ERRORS = {
  VALIDATION_FAILED: { status: 400, message: 'Invalid request' },
  NO_TOKEN: { status: 401, message: 'No token found' },
  NO_ADMIN_TOKEN: { status: 401, message: 'No admin token found' },
  INVALID_TOKEN: { status: 401, message: 'Invalid or expired token' },
  LOGIN_FAILED: { status: 401, message: 'Login failed, the identity token was refused' },
  FORBIDDEN: { status: 403, message: 'You do not have permission to do this' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  SESSION_NOT_FOUND: { status: 404, message: 'Session not found, please contact administrator' },
  TEAM_NOT_FOUND: { status: 404, message: 'Team not found' },
  BOOKING_NOT_FOUND: { status: 404, message: 'Booking not found' },
  SIGNUP_NOT_OPEN: { status: 409, message: 'Sign-up has not opened yet' },
  BOOKING_CLOSED: { status: 409, message: 'Booking Closed' },
  SESSION_STARTED: { status: 409, message: 'The session has already started' },
  ALREADY_BOOKED: { status: 409, message: 'You have already booked this session' },
  MEMBER_BLOCKED: { status: 403, message: 'You cannot book sessions of this team' },
  TEAM_ONLY: { status: 403, message: 'This session is for team members only' },
  PARTY_TOO_LARGE: { status: 409, message: 'Not enough places for your party' },
  ALREADY_CHECKED_IN: { status: 409, message: 'Already checked in, cancellation failed.' },
  CANCEL_WINDOW_PASSED: { status: 409, message: 'The session is starting soon and can no longer be cancelled' },
  CAPACITY_BELOW_ACCEPTED: { status: 409, message: 'Capacity cannot be lower than the places already taken' },
  BOOKING_FAILED: { status: 503, message: 'Booking failed, please try again later' },
  IDEMPOTENCY_KEY_REUSED: { status: 409, message: 'This Idempotency-Key was used for a different request' },
  EMAIL_IN_USE: { status: 409, message: 'This email address is already in use' },
  EMAIL_ALREADY_VERIFIED: { status: 409, message: 'This email address is already verified' },
  CODE_INCORRECT: { status: 400, message: 'Incorrect verification code, please try again' },
  CODE_EXPIRED: { status: 400, message: 'The verification code has expired, please request a new one' },
  CODE_TOO_MANY_TRIES: { status: 429, message: 'Too many wrong codes, please request a new one' },
  CODE_NOT_REQUESTED: { status: 400, message: 'Please request a verification code first' },
  CODE_RESEND_COOLDOWN: { status: 429, message: 'Please wait before requesting another code' },
  CODE_SEND_FAILED: { status: 502, message: 'Failed to send verification code, please try again later' },
  RATE_LIMITED: { status: 429, message: 'Too many requests, please try again later' },
  SERVICE_BUSY: { status: 503, message: 'The service is busy, please try again later' },
  INTERNAL: { status: 500, message: 'Something went wrong, please try again later' },
  ADMIN_LOGIN_FAILED: { status: 401, message: 'Incorrect email or password' },
  ACCOUNT_LOCKED: { status: 429, message: 'Too many failed logins, please try again in 15 minutes' },
  TEAM_NOT_SELECTED: { status: 409, message: 'Please choose a team first' },
  OWNER_ONLY: { status: 403, message: 'Only a team owner can do this' },
  LAST_OWNER: { status: 409, message: 'The last owner of a team cannot be removed' },
  ADMIN_NOT_FOUND: { status: 404, message: 'Admin not found' },
  INVITE_INVALID: { status: 400, message: 'This invitation is invalid or has expired' },
  EMAIL_SEND_FAILED: { status: 502, message: 'Failed to send the email, please try again later' },
  MEMBER_NOT_FOUND: { status: 404, message: 'Member not found' },
  VENUE_NOT_FOUND: { status: 404, message: 'Venue not found' },
  SESSION_FULL: { status: 409, message: 'No places left; raise the capacity first' },
  TOO_MANY_PLAYERS: { status: 409, message: 'Too many players are booked to change this session at once' },
  SESSION_NOT_CHANGEABLE: { status: 409, message: 'A session that has started can no longer be changed or deleted' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;
export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];

/** Client-side messages of SPEC §8 that never come from the server. */
export const CLIENT_MESSAGES = {
  notLoggedIn: 'You are not logged in, please log in to continue.',
  loginCheckFailed: 'Login status check failed',
  locationDenied: 'Location access denied. Please allow location access in browser settings.',
  regionUnknown: 'Cannot determine your region, please select manually.',
  locationFailed: 'Location failed, please select region manually.',
  clipboardFailed: '無法自動複製網址，請手動複製瀏覽器地址',
  emailRequired: 'Please enter email address',
  emailInvalid: 'Please enter a valid email address',
  codeIncomplete: 'Please enter the complete verification code',
} as const;
