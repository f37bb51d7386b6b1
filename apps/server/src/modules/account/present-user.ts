import type { ServerUser } from '@querent/contracts';
import type { User } from '../users/user.ts';
import { presentPersonAbilities } from './present-person-abilities.ts';

/** The wire shape of GET /api/user; the web app reads these exact snake_case field names. */
export function presentUser(user: User): ServerUser {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    profile_picture_url: user.profilePictureUrl,
    role: user.role,
    organization_id: user.organizationId,
    abilities: presentPersonAbilities(user),
  };
}
