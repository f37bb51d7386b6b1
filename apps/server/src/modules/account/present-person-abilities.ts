import type { PersonAbilities } from '@querent/contracts';
import type { Actor } from '../access/can.ts';
import { can } from '../access/can.ts';
import { kindSubject } from '../access/subject.ts';

/** What the person may do that is asked of a kind, for the web app to offer (GET /api/user). */
export function presentPersonAbilities(actor: Actor): PersonAbilities {
  const database = kindSubject('database');
  return {
    publish_databases: can(actor, 'publish', database),
    confirm_credentials: can(actor, 'confirm_credentials', database),
    manage_people: can(actor, 'edit', kindSubject('user')),
    manage_credits: can(actor, 'edit', kindSubject('credits')),
    create_api_keys: can(actor, 'create', kindSubject('api_key')),
    manage_organization_keys: can(actor, 'create', kindSubject('organization_api_key')),
  };
}
