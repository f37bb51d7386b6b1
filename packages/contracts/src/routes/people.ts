import {
  managedUserSchema,
  managedUsersSchema,
  organizationBodySchema,
  organizationDeleteQuerySchema,
  organizationSchema,
  organizationsSchema,
  userChangesSchema,
  usersQuerySchema,
} from '../people.ts';
import { idParamsSchema } from './id-params.ts';
import { route } from './route.ts';
import type { RouteTable } from './route.ts';

const tags = ['people'];
const adminsOnly = 'Administrators only; anyone else is answered 403.';

/** The administrators' page of people and organisations (/user). */
export const peopleRoutes = {
  'GET /api/users': route({
    summary: 'People who use Querent (anonymous visitors left out)',
    description: `${adminsOnly} Sorted by name; at most 500 are listed.`,
    tags,
    auth: 'required',
    query: usersQuerySchema,
    response: managedUsersSchema,
  }),
  'PUT /api/users/:id': route({
    summary: 'Change a person’s role or organisation, deactivate or reactivate them',
    description: `${adminsOnly} A deactivated person’s sessions end at once and their live connections close. The change is refused (409) when it would leave no active administrator.`,
    tags,
    auth: 'required',
    params: idParamsSchema,
    body: userChangesSchema,
    response: managedUserSchema,
  }),
  'GET /api/organizations': route({
    summary: 'Organisations with how many people belong to each',
    description: adminsOnly,
    tags,
    auth: 'required',
    response: organizationsSchema,
  }),
  'POST /api/organizations': route({
    summary: 'Create an organisation',
    description: `${adminsOnly} Refused (409) when organisations come from the sign-in service or the name is taken.`,
    tags,
    auth: 'required',
    body: organizationBodySchema,
    status: 201,
    response: organizationSchema,
  }),
  'PUT /api/organizations/:id': route({
    summary: 'Rename an organisation',
    description: `${adminsOnly} One the sign-in service named keeps being recognised by its claim.`,
    tags,
    auth: 'required',
    params: idParamsSchema,
    body: organizationBodySchema,
    response: organizationSchema,
  }),
  'DELETE /api/organizations/:id': route({
    summary: 'Delete an organisation; its members stay, without an organisation',
    description: `${adminsOnly} Its members are left without an organisation and what they shared with it becomes private to them again; nothing they own is deleted, and its credit ledger is kept. Refused (409) while it still has credits unless \`force=true\`. One the sign-in service names (OIDC_ORGANIZATION_CLAIM) comes back when one of its members next signs in.`,
    tags,
    auth: 'required',
    params: idParamsSchema,
    query: organizationDeleteQuerySchema,
    status: 204,
  }),
} satisfies RouteTable;
