import { integer } from '../setting.ts';
import { defineSettings } from '../setting-group.ts';

/* CSV and XLSX downloads of a query's whole result. */

export const exportSettings = defineSettings({
  /** Most rows a CSV or XLSX export writes. */
  exportMaxRows: integer({
    name: 'EXPORT_MAX_ROWS',
    min: 1,
    max: 100_000_000,
    default: 1_000_000,
    description:
      'Most rows a CSV or XLSX export writes (XLSX also stops at its sheet limit of 1048575). A cut export says so in its HTTP trailer X-Querent-Truncated, in a last CSV line starting "# Truncated:" and in an XLSX sheet named Truncated.',
  }),
  /** Time limit of a whole export, first row to last. */
  exportTimeoutMs: integer({
    name: 'EXPORT_TIMEOUT_MS',
    min: 1000,
    max: 24 * 60 * 60 * 1000,
    default: 600_000,
    description:
      'Time limit in milliseconds of a whole export, first row to last; the statement is then cancelled in the database and the download ends unfinished.',
  }),
});
