import { type Database, type Engine, engineDescriptors, type TestConnectionBody } from '@querent/contracts';
import { useMutation } from '@tanstack/react-query';
import { CircleCheck, Plug } from 'lucide-react';
import { type SyntheticEvent, useEffect, useRef, useState } from 'react';
import { fieldOfError } from '../../api/field-errors.ts';
import { useServices } from '../../app/services-context.tsx';
import { FormField, inputClass, secondaryButtonClass } from '../../components/form-field.tsx';
import { buttonClass } from '../../components/page.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { ConnectionFields } from './connection-fields.tsx';
import { CredentialWarningNote } from './credential-warning-note.tsx';
import {
  type BodyOptions,
  type DatabaseFormValues,
  newDatabaseValues,
  readStatementTimeout,
  testBody,
  valuesFromDatabase,
} from './database-form-values.ts';
import { DatabaseSettings } from './database-settings.tsx';

export interface SaveRequest {
  values: DatabaseFormValues;
  options: BodyOptions;
}

const formInputs = [
  'name',
  'safe_mode',
  'public',
  'statement_timeout_ms',
  'dbt_manifest',
  'dbt_catalog',
  'confirm_powerful_credentials',
];

/**
 * The connection form of the setup funnel and the edit page. It tests the details as they stand
 * and hands the values to `onSave`; a 400 that names a field is shown beside that field.
 */
export function DatabaseForm({
  engine,
  database,
  canSetPublic,
  canConfirmPower,
  readOnly = false,
  submitLabel,
  onSave,
}: {
  engine: Engine;
  /** The stored database on the edit page; masked secrets in it are sent back as they are. */
  database?: Database;
  /** The server's ability to make it public (`publish`): the setting is offered only then. */
  canSetPublic: boolean;
  /**
   * The server's ability to confirm a login that can do more than read (`confirm_credentials`):
   * only then is the confirmation offered when a save asks for it; others are told why instead.
   */
  canConfirmPower: boolean;
  readOnly?: boolean;
  submitLabel: string;
  /** Answers the saved database when the form stays open, so what its login may do can be shown. */
  onSave: (request: SaveRequest) => Promise<Database | undefined>;
}) {
  const { api } = useServices();
  const [values, setValues] = useState(() =>
    database ? valuesFromDatabase(database) : newDatabaseValues(engine),
  );
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const [lastAction, setLastAction] = useState<'test' | 'save' | null>(null);
  const [confirmPower, setConfirmPower] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const test = useMutation({ mutationFn: (body: TestConnectionBody) => api.databases.test(body) });
  const save = useMutation({ mutationFn: onSave });

  const failure = lastAction === 'test' ? test.error : lastAction === 'save' ? save.error : null;
  // What the login may do beyond reading: the finding of the test or save just made, else the
  // one kept with the stored database, so it shows on every visit.
  const warning =
    lastAction === 'test' && test.data
      ? test.data.credential_warning
      : lastAction === 'save' && save.data
        ? save.data.credential_warning
        : (database?.credential_warning ?? null);
  const inputs = [...formInputs, ...engineDescriptors[engine].fields.map(({ name }) => `details.${name}`)];
  const failedField = fieldOfError(failure, inputs);
  const errors: Record<string, string> = { ...localErrors };
  if (failure && failedField) errors[failedField] = errorMessage(failure);

  // Take the user to what needs fixing; the field may be far above the buttons.
  useEffect(() => {
    if (failedField) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failedField, failure]);

  function change(patch: Partial<DatabaseFormValues>) {
    setValues((current) => ({ ...current, ...patch }));
    // A result about the old values would mislead.
    setLocalErrors({});
    test.reset();
    save.reset();
  }

  function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const timeout = readStatementTimeout(values.statementTimeoutSeconds);
    const problems: Record<string, string> = {};
    if (values.name.trim() === '') problems.name = 'Give the database a name.';
    if (!timeout.ok) problems.statement_timeout_ms = timeout.message;
    setLocalErrors(problems);
    if (!timeout.ok || Object.keys(problems).length > 0) return;
    setLastAction('save');
    test.reset();
    save.mutate({
      values,
      options: { canSetPublic, statementTimeoutMs: timeout.ms, confirmPowerfulCredentials: confirmPower },
    });
  }

  function runTest() {
    setLastAction('test');
    save.reset();
    test.mutate(testBody(engine, values, database?.id));
  }

  return (
    <form ref={form} noValidate onSubmit={submit} className="flex flex-col gap-6">
      <fieldset disabled={readOnly} className="flex flex-col gap-6">
        <section aria-labelledby="connection-heading" className="flex flex-col gap-4">
          <h2 id="connection-heading" className="text-base font-semibold">
            Connection
          </h2>
          <ConnectionFields
            engine={engine}
            values={values.details}
            errors={errors}
            disabled={readOnly}
            onChange={(name, value) => change({ details: { ...values.details, [name]: value } })}
          />
        </section>

        <FormField
          label="Name"
          required
          help="How this database is called in Querent's context selector."
          error={errors.name}
        >
          {(control) => (
            <input
              {...control}
              value={values.name}
              placeholder="Sales warehouse"
              onChange={(event) => change({ name: event.target.value })}
              className={inputClass}
            />
          )}
        </FormField>

        <DatabaseSettings
          values={values}
          errors={errors}
          database={database}
          canSetPublic={canSetPublic}
          readOnly={readOnly}
          onChange={change}
        />
      </fieldset>

      {readOnly ? null : (
        <div className="flex flex-col gap-3 border-t border-zinc-200 pt-4 dark:border-zinc-800">
          <div className="flex flex-wrap items-center gap-2">
            <button
              type="button"
              className={secondaryButtonClass}
              disabled={test.isPending}
              onClick={runTest}
            >
              <Plug size={16} aria-hidden="true" />
              {test.isPending ? 'Testing…' : 'Test connection'}
            </button>
            <button type="submit" className={buttonClass} disabled={save.isPending}>
              {save.isPending ? 'Saving…' : submitLabel}
            </button>
          </div>
          {test.isSuccess ? (
            <p role="status" className="flex items-center gap-1.5 text-sm text-green-700 dark:text-green-400">
              <CircleCheck size={16} aria-hidden="true" /> Connection successful.
            </p>
          ) : null}
          {warning ? <CredentialWarningNote warning={warning} /> : null}
          {failedField === 'confirm_powerful_credentials' ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {errors.confirm_powerful_credentials}
            </p>
          ) : null}
          {canConfirmPower && (failedField === 'confirm_powerful_credentials' || confirmPower) ? (
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={confirmPower}
                onChange={(event) => setConfirmPower(event.target.checked)}
              />
              I am an administrator and confirm this login may be used as it is.
            </label>
          ) : null}
          {lastAction === 'test' && test.isError ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              Connection failed: {errorMessage(test.error)}
            </p>
          ) : null}
          {lastAction === 'save' && save.isError && !failedField ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              Could not save: {errorMessage(save.error)}
            </p>
          ) : null}
        </div>
      )}
    </form>
  );
}
