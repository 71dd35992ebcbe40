/** Query-cache keys of the player's bookings. */
export const bookedKeys = {
  all: 'booked:',
  list: 'booked:list',
} as const;
