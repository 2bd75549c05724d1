/** Lengths of time in milliseconds: one definition for the contract, the client and the mock. */
export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
/** The SCED and 5-minute datasets' interval. */
export const FIVE_MINUTES_MS = 5 * MINUTE_MS;
/** The real-time settlement interval. */
export const FIFTEEN_MINUTES_MS = 15 * MINUTE_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
