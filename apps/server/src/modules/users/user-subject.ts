import type { Subject } from '../access/subject.ts';

/** A person's account as the policy sees it: their own. */
export function userSubject(person: { id: string; organizationId: string | null }): Subject {
  return {
    kind: 'user',
    ownerId: person.id,
    organizationId: person.organizationId,
    sharedWithOrganization: false,
    isPublic: false,
  };
}
