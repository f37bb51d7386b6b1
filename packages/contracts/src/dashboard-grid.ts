/*
 * The dashboards' plain values, apart from their zod schemas (dashboards.ts) so the web app takes
 * them without the zod code around them.
 */

/** The grid is this many columns wide; a phone shows one column instead. */
export const dashboardGridColumns = 12;

/** What a tile answers for a viewer who may not read its database: never its data. */
export const tileNoAccess = 'no access';
