import type { Subject } from '../access/subject.ts';

/** A person's stars as the policy sees them: theirs alone, never shared. */
export function favoriteSubject(person: { id: string; organizationId: string | null }): Subject {
  return {
    kind: 'favorite',
    ownerId: person.id,
    organizationId: person.organizationId,
    sharedWithOrganization: false,
    isPublic: false,
  };
}
