/**
 * A figure one server's answer carries and another's lacks (the seed's and the hosted API's shapes
 * of usage and the peak report, docs/decisions/0027). An absent figure says why, so a page shows
 * "not reported" with its reason and never a made-up 0.
 */
export type Reported<T> = { reported: true; value: T } | { reported: false; why: string };

export const reported = <T>(value: T): Reported<T> => ({ reported: true, value });
export const absent = <T>(why: string): Reported<T> => ({ reported: false, why });
