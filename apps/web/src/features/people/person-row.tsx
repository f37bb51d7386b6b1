import type { ManagedUser, Organization } from '@querent/contracts';
import { UserRound } from 'lucide-react';
import { inputClass, secondaryButtonClass } from '../../components/form-field.tsx';

const roleOptions = [
  { value: 'admin', label: 'Administrator' },
  { value: 'member', label: 'Member' },
] as const;

export function personName(person: ManagedUser): string {
  return [person.first_name, person.last_name].filter(Boolean).join(' ') || person.email || 'Unnamed';
}

/** One person: their role and organisation as menus, and whether they may sign in. */
export function PersonRow({
  person,
  organizations,
  organizationsFromSignIn,
  pending,
  onChange,
  onDeactivate,
}: {
  person: ManagedUser;
  organizations: Organization[];
  organizationsFromSignIn: boolean;
  pending: boolean;
  onChange: (changes: {
    role?: 'admin' | 'member';
    organization_id?: string | null;
    active?: boolean;
  }) => void;
  onDeactivate: () => void;
}) {
  const name = personName(person);
  return (
    <tr className={person.active ? undefined : 'text-zinc-500'}>
      <td className="px-3 py-2">
        <span className="flex items-center gap-2">
          {person.profile_picture_url ? (
            <img src={person.profile_picture_url} alt="" className="size-7 rounded-full" />
          ) : (
            <UserRound size={20} aria-hidden="true" />
          )}
          <span className="flex min-w-0 flex-col">
            <span className="truncate font-medium">{name}</span>
            {person.email && person.email !== name ? (
              <span className="truncate text-xs text-zinc-500 dark:text-zinc-400">{person.email}</span>
            ) : null}
          </span>
        </span>
      </td>
      <td className="px-3 py-2">
        <select
          aria-label={`Role of ${name}`}
          className={inputClass}
          value={person.role}
          disabled={pending}
          onChange={(event) => onChange({ role: event.target.value === 'admin' ? 'admin' : 'member' })}
        >
          {roleOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </td>
      <td className="px-3 py-2">
        <select
          aria-label={`Organisation of ${name}`}
          className={inputClass}
          value={person.organization_id ?? ''}
          disabled={pending || organizationsFromSignIn}
          title={organizationsFromSignIn ? 'Organisations come from the sign-in service' : undefined}
          onChange={(event) =>
            onChange({ organization_id: event.target.value === '' ? null : event.target.value })
          }
        >
          <option value="">None</option>
          {organizations.map((organization) => (
            <option key={organization.id} value={organization.id}>
              {organization.name}
            </option>
          ))}
        </select>
      </td>
      <td className="px-3 py-2">
        {person.active ? (
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={pending}
            aria-label={`Deactivate ${name}`}
            onClick={onDeactivate}
          >
            Deactivate
          </button>
        ) : (
          <span className="flex items-center gap-2">
            <span className="rounded bg-zinc-200 px-1.5 py-0.5 text-xs font-medium dark:bg-zinc-800">
              Deactivated
            </span>
            <button
              type="button"
              className={secondaryButtonClass}
              disabled={pending}
              aria-label={`Reactivate ${name}`}
              onClick={() => onChange({ active: true })}
            >
              Reactivate
            </button>
          </span>
        )}
      </td>
    </tr>
  );
}
