import { integer } from '../setting.ts';
import { defineSettings } from '../setting-group.ts';

/* Files uploaded to become a queryable DuckDB database. */

export const uploadSettings = defineSettings({
  /** Largest file accepted by POST /api/uploads. */
  uploadMaxBytes: integer({
    name: 'UPLOAD_MAX_BYTES',
    min: 1,
    max: 1024 * 1024 * 1024 * 1024,
    default: 209715200,
    description:
      'Largest file accepted by the upload page (CSV, TSV, JSON, Parquet, XLSX), in bytes. Each upload becomes a DuckDB file under DATA_DIR/uploads.',
  }),
});
