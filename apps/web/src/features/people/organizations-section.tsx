import type { Organization, Organizations } from '@querent/contracts';
import { type SyntheticEvent, useState } from 'react';
import { inputClass, secondaryButtonClass } from '../../components/form-field.tsx';
import { buttonClass } from '../../components/page.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { DeleteOrganizationDialog } from './delete-organization-dialog.tsx';
import { useOrganizationActions } from './use-people.ts';

function OrganizationRow({
  organization,
  onShowMembers,
  onDelete,
}: {
  organization: Organization;
  onShowMembers: () => void;
  onDelete: () => void;
}) {
  const { rename } = useOrganizationActions();
  const [name, setName] = useState<string | null>(null);

  function save(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (name === null) return;
    rename.mutate({ id: organization.id, name }, { onSuccess: () => setName(null) });
  }

  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3">
      {name === null ? (
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="font-medium">{organization.name}</span>
          <span className="text-xs text-zinc-500 dark:text-zinc-400">
            {organization.member_count === 1 ? '1 member' : `${organization.member_count} members`}
            {organization.from_sign_in ? ' · from the sign-in service' : ''}
          </span>
        </span>
      ) : (
        <form onSubmit={save} className="flex flex-1 flex-wrap items-center gap-2">
          <input
            aria-label={`New name of ${organization.name}`}
            className={`${inputClass} w-64`}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          <button type="submit" className={buttonClass} disabled={rename.isPending}>
            Save
          </button>
          <button type="button" className={secondaryButtonClass} onClick={() => setName(null)}>
            Cancel
          </button>
          {rename.isError ? (
            <span role="alert" className="text-sm text-red-700 dark:text-red-400">
              {errorMessage(rename.error)}
            </span>
          ) : null}
        </form>
      )}
      {name === null ? (
        <span className="flex gap-2">
          <button
            type="button"
            className={secondaryButtonClass}
            aria-label={`Members of ${organization.name}`}
            onClick={onShowMembers}
          >
            Members
          </button>
          <button
            type="button"
            className={secondaryButtonClass}
            aria-label={`Rename ${organization.name}`}
            onClick={() => setName(organization.name)}
          >
            Rename
          </button>
          {organization.abilities.delete ? (
            <button
              type="button"
              className={secondaryButtonClass}
              aria-label={`Delete ${organization.name}`}
              onClick={onDelete}
            >
              Delete
            </button>
          ) : null}
        </span>
      ) : null}
    </li>
  );
}

function CreateOrganizationForm() {
  const { create } = useOrganizationActions();
  const [name, setName] = useState('');
  function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    create.mutate(name, { onSuccess: () => setName('') });
  }
  return (
    <form onSubmit={submit} className="flex flex-wrap items-center gap-2">
      <input
        aria-label="New organisation name"
        placeholder="New organisation"
        className={`${inputClass} w-64`}
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <button type="submit" className={buttonClass} disabled={create.isPending || name.trim() === ''}>
        Create
      </button>
      {create.isError ? (
        <span role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorMessage(create.error)}
        </span>
      ) : null}
    </form>
  );
}

/** The organisations, with their members a click away; made here unless the sign-in service names them. */
export function OrganizationsSection({
  organizations,
  onShowMembers,
}: {
  organizations: Organizations;
  onShowMembers: (organizationId: string) => void;
}) {
  const [deleting, setDeleting] = useState<Organization | null>(null);
  return (
    <section aria-labelledby="organizations-heading" className="flex flex-col gap-3">
      <h2 id="organizations-heading" className="text-base font-semibold">
        Organisations
      </h2>
      {organizations.managed_by === 'sign-in' ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          The sign-in service says who belongs to which organisation; organisations appear here as it names
          them.
        </p>
      ) : (
        <CreateOrganizationForm />
      )}
      {organizations.organizations.length === 0 ? (
        <p className="text-sm text-zinc-500">No organisation yet.</p>
      ) : (
        <ul className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
          {organizations.organizations.map((organization) => (
            <OrganizationRow
              key={organization.id}
              organization={organization}
              onShowMembers={() => onShowMembers(organization.id)}
              onDelete={() => setDeleting(organization)}
            />
          ))}
        </ul>
      )}
      {deleting ? (
        <DeleteOrganizationDialog organization={deleting} onClose={() => setDeleting(null)} />
      ) : null}
    </section>
  );
}
