import type { Organization } from '@querent/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { ApiError, errorMessage } from '../../lib/api-error.ts';
import { useOrganizationActions } from './use-people.ts';

// The server's answer when credits are left in the organisation's pool: asked again, with force.
function creditsLeft(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && error.field === 'force';
}

/**
 * Asks before an organisation is deleted, saying what happens to its people and what they shared.
 * When the server answers that credits are left, the dialog says so and asks once more.
 */
export function DeleteOrganizationDialog({
  organization,
  onClose,
}: {
  organization: Organization;
  onClose: () => void;
}) {
  const { remove } = useOrganizationActions();
  const [force, setForce] = useState(false);
  const members =
    organization.member_count === 1 ? 'Its 1 member stays' : `Its ${organization.member_count} members stay`;

  function confirm() {
    remove.mutate(
      { id: organization.id, force },
      {
        onSuccess: onClose,
        onError: (error) => {
          if (creditsLeft(error)) setForce(true);
        },
      },
    );
  }

  return (
    <ConfirmDialog
      title={`Delete ${organization.name}?`}
      confirmLabel={force ? 'Delete anyway' : 'Delete'}
      pendingLabel="Deleting…"
      pending={remove.isPending}
      error={remove.isError ? errorMessage(remove.error) : null}
      onCancel={onClose}
      onConfirm={confirm}
    >
      {members}, without an organisation; what they shared with it becomes private to them again and nothing
      they own is deleted. Its credit history is kept.
      {organization.from_sign_in
        ? ' It comes from the sign-in service: it reappears, with its members, as they next sign in.'
        : ''}
    </ConfirmDialog>
  );
}
