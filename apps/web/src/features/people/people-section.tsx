import type { ManagedUser, Organizations } from '@querent/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { inputClass } from '../../components/form-field.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { PersonRow, personName } from './person-row.tsx';
import { useChangePerson, usePeople } from './use-people.ts';

/** Everyone who uses Querent: search, role, organisation, deactivation. */
export function PeopleSection({
  organizations,
  organizationFilter,
  onFilter,
}: {
  organizations: Organizations | undefined;
  organizationFilter: string | null;
  onFilter: (organizationId: string | null) => void;
}) {
  const [search, setSearch] = useState('');
  const [deactivating, setDeactivating] = useState<ManagedUser | null>(null);
  const people = usePeople(search, organizationFilter);
  const change = useChangePerson();
  const fromSignIn = organizations?.managed_by === 'sign-in';

  return (
    <section aria-labelledby="people-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="people-heading" className="text-base font-semibold">
          People
        </h2>
        <div className="flex flex-wrap gap-2">
          <input
            type="search"
            aria-label="Search people"
            placeholder="Search by name or email..."
            className={`${inputClass} w-64`}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <select
            aria-label="Show members of"
            className={`${inputClass} w-48`}
            value={organizationFilter ?? ''}
            onChange={(event) => onFilter(event.target.value === '' ? null : event.target.value)}
          >
            <option value="">Every organisation</option>
            {organizations?.organizations.map((organization) => (
              <option key={organization.id} value={organization.id}>
                {organization.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      {people.isError ? <p role="alert">{errorMessage(people.error)}</p> : null}
      {change.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorMessage(change.error)}
        </p>
      ) : null}
      <div className="overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
        <table className="w-full text-left text-sm">
          <thead className="bg-zinc-50 text-xs uppercase text-zinc-500 dark:bg-zinc-900">
            <tr>
              <th className="px-3 py-2 font-medium">Person</th>
              <th className="px-3 py-2 font-medium">Role</th>
              <th className="px-3 py-2 font-medium">Organisation</th>
              <th className="px-3 py-2 font-medium">Access</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {people.data?.users.map((person) => (
              <PersonRow
                key={person.id}
                person={person}
                organizations={organizations?.organizations ?? []}
                organizationsFromSignIn={fromSignIn}
                pending={change.isPending}
                onChange={(changes) => change.mutate({ id: person.id, changes })}
                onDeactivate={() => setDeactivating(person)}
              />
            ))}
          </tbody>
        </table>
        {people.data?.users.length === 0 ? (
          <p className="p-4 text-center text-sm text-zinc-500">Nobody matches.</p>
        ) : null}
      </div>
      {people.data?.truncated ? (
        <p className="text-xs text-zinc-500">Only the first people are listed: narrow the search.</p>
      ) : null}
      {deactivating ? (
        <ConfirmDialog
          title={`Deactivate ${personName(deactivating)}?`}
          confirmLabel="Deactivate"
          pending={change.isPending}
          error={change.isError ? errorMessage(change.error) : null}
          onCancel={() => setDeactivating(null)}
          onConfirm={() =>
            change.mutate(
              { id: deactivating.id, changes: { active: false } },
              { onSuccess: () => setDeactivating(null) },
            )
          }
        >
          They are signed out everywhere at once and cannot sign in until reactivated. What they made is kept.
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
