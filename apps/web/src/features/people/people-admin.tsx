import { useState } from 'react';
import { errorMessage } from '../../lib/api-error.ts';
import { OrganizationsSection } from './organizations-section.tsx';
import { PeopleSection } from './people-section.tsx';
import { useOrganizations } from './use-people.ts';

/** The administrators' part of /user: people, then organisations (whose members filter the people). */
export function PeopleAdmin() {
  const organizations = useOrganizations();
  const [organizationFilter, setOrganizationFilter] = useState<string | null>(null);
  return (
    <>
      <PeopleSection
        organizations={organizations.data}
        organizationFilter={organizationFilter}
        onFilter={setOrganizationFilter}
      />
      {organizations.isError ? <p role="alert">{errorMessage(organizations.error)}</p> : null}
      {organizations.data ? (
        <OrganizationsSection organizations={organizations.data} onShowMembers={setOrganizationFilter} />
      ) : null}
    </>
  );
}
