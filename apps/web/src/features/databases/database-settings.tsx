import type { Database } from '@querent/contracts';
import { FormField, inputClass, ToggleField } from '../../components/form-field.tsx';
import type { DatabaseFormValues } from './database-form-values.ts';
import { DbtFileField } from './dbt-file-field.tsx';

/** Safe mode, visibility, time limit and dbt documentation: everything but the connection itself. */
export function DatabaseSettings({
  values,
  errors,
  database,
  canSetPublic,
  readOnly,
  onChange,
}: {
  values: DatabaseFormValues;
  errors: Record<string, string>;
  database: Database | undefined;
  canSetPublic: boolean;
  readOnly: boolean;
  onChange: (patch: Partial<DatabaseFormValues>) => void;
}) {
  return (
    <>
      <section aria-labelledby="settings-heading" className="flex flex-col gap-4">
        <h2 id="settings-heading" className="text-base font-semibold">
          Settings
        </h2>
        <ToggleField
          label="Safe mode (read-only)"
          description="Querent opens the connection read-only, so the database itself refuses any change — from the assistant, the chat or the SQL editor. Recommended for production data."
          checked={values.safeMode}
          disabled={readOnly}
          error={errors.safe_mode}
          onChange={(safeMode) => onChange({ safeMode })}
        />
        {canSetPublic ? (
          <ToggleField
            label="Public"
            description="Every user of this Querent, including sandbox visitors, can choose it and query it. Only administrators can change this."
            checked={values.isPublic}
            disabled={readOnly}
            error={errors.public}
            onChange={(isPublic) => onChange({ isPublic })}
          />
        ) : null}
        <FormField
          label="Statement time limit (seconds)"
          required={false}
          help="A query running longer is cancelled in the database. Leave empty for the server's default (60 s unless configured)."
          error={errors.statement_timeout_ms}
        >
          {(control) => (
            <input
              {...control}
              type="number"
              min={0.1}
              step="any"
              inputMode="decimal"
              placeholder="60"
              value={values.statementTimeoutSeconds}
              onChange={(event) => onChange({ statementTimeoutSeconds: event.target.value })}
              className={`${inputClass} max-w-40`}
            />
          )}
        </FormField>
      </section>

      <section aria-labelledby="dbt-heading" className="flex flex-col gap-4">
        <div>
          <h2 id="dbt-heading" className="text-base font-semibold">
            dbt documentation
          </h2>
          <p className="text-xs text-zinc-500 dark:text-zinc-400">
            Upload the manifest.json and catalog.json from your dbt project's target folder: model and column
            descriptions then appear in the schema browser and guide the assistant.
          </p>
        </div>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <DbtFileField
            label="manifest.json"
            stored={database?.dbt_manifest ?? null}
            change={values.dbt.dbt_manifest}
            serverError={errors.dbt_manifest ?? null}
            disabled={readOnly}
            onChange={(dbtManifest) => onChange({ dbt: { ...values.dbt, dbt_manifest: dbtManifest } })}
          />
          <DbtFileField
            label="catalog.json"
            stored={database?.dbt_catalog ?? null}
            change={values.dbt.dbt_catalog}
            serverError={errors.dbt_catalog ?? null}
            disabled={readOnly}
            onChange={(dbtCatalog) => onChange({ dbt: { ...values.dbt, dbt_catalog: dbtCatalog } })}
          />
        </div>
      </section>
    </>
  );
}
