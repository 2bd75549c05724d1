/** The app's base path without its trailing slash ('' at the root). */
export const appBase = (): string => import.meta.env.BASE_URL.replace(/\/$/, '');
