import type { Subject } from '../access/subject.ts';

/** An organisation as the policy sees it: shared with its members, owned by nobody. */
export function organizationSubject(organizationId: string): Subject {
  return {
    kind: 'organization',
    ownerId: null,
    organizationId,
    sharedWithOrganization: true,
    isPublic: false,
  };
}
