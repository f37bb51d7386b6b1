import type { CreateProjectBody, Database, Project, ProjectTable } from '@querent/contracts';
import { useMutation } from '@tanstack/react-query';
import { type SyntheticEvent, useState } from 'react';
import { fieldOfError, tableIndexOfError } from '../../api/field-errors.ts';
import { FormField, inputClass } from '../../components/form-field.tsx';
import { buttonClass } from '../../components/page.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { qualifiedName } from '../schema/filter-schema.ts';
import { type TableError, TablePicker } from './table-picker.tsx';
import { keyOf } from './table-selection.ts';

const formInputs = ['name', 'description', 'databaseId', 'tables'];

/** Which table a `tables[n]` error is about: n indexes the list that was sent. */
function tableErrorOf(error: unknown, sent: readonly ProjectTable[] | undefined): TableError | null {
  const index = tableIndexOfError(error);
  const table = index === null ? undefined : sent?.[index];
  if (!table) return null;
  return {
    key: keyOf(table),
    message: `${qualifiedName(table.schema, table.table)}: ${errorMessage(error)}`,
  };
}

/** Name, description, database and tables of a project; `onSave` gets the body to send. */
export function ProjectForm({
  project,
  databases,
  readOnly,
  submitLabel,
  onSave,
}: {
  project: Project | undefined;
  databases: readonly Database[];
  readOnly: boolean;
  submitLabel: string;
  onSave: (body: CreateProjectBody) => Promise<unknown>;
}) {
  const [name, setName] = useState(project?.name ?? '');
  const [description, setDescription] = useState(project?.description ?? '');
  const [databaseId, setDatabaseId] = useState(project?.databaseId ?? databases[0]?.id ?? '');
  const [tables, setTables] = useState<ProjectTable[]>(project?.tables ?? []);
  const [nameMissing, setNameMissing] = useState(false);
  const save = useMutation({ mutationFn: onSave });

  const tableError = tableErrorOf(save.error, save.variables?.tables);
  const failedField = tableError ? 'tables' : fieldOfError(save.error, formInputs);
  const fieldError = (field: string) =>
    failedField === field && save.error ? errorMessage(save.error) : null;

  function edited() {
    setNameMissing(false);
    save.reset();
  }

  function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (name.trim() === '') {
      setNameMissing(true);
      return;
    }
    save.mutate({ name: name.trim(), description: description.trim() || null, databaseId, tables });
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-6">
      <fieldset disabled={readOnly} className="flex flex-col gap-4">
        <FormField
          label="Name"
          required
          error={nameMissing ? 'Give the project a name.' : fieldError('name')}
        >
          {(control) => (
            <input
              {...control}
              value={name}
              placeholder="Sales analytics"
              onChange={(event) => {
                setName(event.target.value);
                edited();
              }}
              className={inputClass}
            />
          )}
        </FormField>
        <FormField
          label="Description"
          required={false}
          help="What the project is about; the assistant reads it."
          error={fieldError('description')}
        >
          {(control) => (
            <textarea
              {...control}
              rows={3}
              value={description}
              onChange={(event) => {
                setDescription(event.target.value);
                edited();
              }}
              className={inputClass}
            />
          )}
        </FormField>
        <FormField
          label="Database"
          required
          help={tables.length > 0 && !readOnly ? 'Changing it clears the chosen tables.' : undefined}
          error={fieldError('databaseId')}
        >
          {(control) => (
            <select
              {...control}
              value={databaseId}
              onChange={(event) => {
                setDatabaseId(event.target.value);
                // Tables belong to one database; keeping them would point at tables that do not exist.
                setTables([]);
                edited();
              }}
              className={inputClass}
            >
              {databaseId === '' ? <option value="">Choose a database</option> : null}
              {databases.map((database) => (
                <option key={database.id} value={database.id}>
                  {database.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </fieldset>

      {databaseId ? (
        <TablePicker
          databaseId={databaseId}
          selection={tables}
          disabled={readOnly}
          error={
            tableError ??
            (failedField === 'tables' && save.error ? { key: '', message: errorMessage(save.error) } : null)
          }
          onChange={(next) => {
            setTables(next);
            edited();
          }}
        />
      ) : null}

      {readOnly ? null : (
        <div className="flex flex-col gap-2 border-t border-zinc-200 pt-4 dark:border-zinc-800">
          <button
            type="submit"
            className={`${buttonClass} self-start`}
            disabled={save.isPending || !databaseId}
          >
            {save.isPending ? 'Saving…' : submitLabel}
          </button>
          {save.isError && failedField === null ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              Could not save: {errorMessage(save.error)}
            </p>
          ) : null}
        </div>
      )}
    </form>
  );
}
