import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useServices } from '../../app/services-context.tsx';
import { buttonClass } from '../../components/page.tsx';
import { FormField, inputClass } from '../../components/form-field.tsx';
import { ApiError, errorMessage } from '../../lib/api-error.ts';
import { useOrganizations } from '../people/use-people.ts';

const errorField = (error: unknown) => (error instanceof ApiError ? error.field : undefined);

/** /user, administrators only: add or remove credits of a user (by email) or an organisation, with a reason. */
export function GrantCreditsSection() {
  const { api } = useServices();
  const organizations = useOrganizations();
  const queryClient = useQueryClient();
  const [target, setTarget] = useState('');
  const [targetKind, setTargetKind] = useState<'email' | 'organization_id'>('email');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const grant = useMutation({
    mutationFn: () =>
      api.credits.grant({ [targetKind]: target.trim(), amount: Number(amount), reason: reason.trim() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['user'] }),
  });
  const fieldError = (field: string) =>
    grant.isError && errorField(grant.error) === field ? errorMessage(grant.error) : null;
  return (
    <section aria-labelledby="grant-credits-heading" className="flex flex-col gap-3">
      <h2 id="grant-credits-heading" className="text-base font-semibold">
        Grant credits
      </h2>
      <form
        className="grid max-w-xl gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          grant.mutate();
        }}
      >
        <div className="flex gap-4 text-sm">
          <label className="flex items-center gap-1">
            <input
              type="radio"
              checked={targetKind === 'email'}
              onChange={() => {
                setTargetKind('email');
                setTarget('');
              }}
            />
            A user, by email
          </label>
          <label className="flex items-center gap-1">
            <input
              type="radio"
              checked={targetKind === 'organization_id'}
              onChange={() => {
                setTargetKind('organization_id');
                setTarget('');
              }}
            />
            An organisation
          </label>
        </div>
        <FormField
          label={targetKind === 'email' ? 'Email' : 'Organisation'}
          required
          error={fieldError(targetKind)}
        >
          {(control) =>
            targetKind === 'email' ? (
              <input
                {...control}
                type="email"
                className={inputClass}
                value={target}
                onChange={(e) => setTarget(e.target.value)}
              />
            ) : (
              <select
                {...control}
                className={inputClass}
                value={target}
                onChange={(e) => setTarget(e.target.value)}
              >
                <option value="">Choose an organisation…</option>
                {(organizations.data?.organizations ?? []).map((organization) => (
                  <option key={organization.id} value={organization.id}>
                    {organization.name}
                  </option>
                ))}
              </select>
            )
          }
        </FormField>
        <FormField label="Credits" required help="Negative to remove credits." error={fieldError('amount')}>
          {(control) => (
            <input
              {...control}
              type="number"
              step={1}
              className={inputClass}
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
            />
          )}
        </FormField>
        <FormField label="Reason" required error={fieldError('reason')}>
          {(control) => (
            <input
              {...control}
              className={inputClass}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          )}
        </FormField>
        <div className="flex items-center gap-3">
          <button type="submit" className={buttonClass} disabled={grant.isPending}>
            Change credits
          </button>
          {grant.isSuccess ? (
            <p role="status" className="text-sm">
              Done: {grant.data.credits_remaining.toLocaleString()} credits now.
            </p>
          ) : null}
          {grant.isError && errorField(grant.error) === undefined ? (
            <p role="alert" className="text-sm text-red-700">
              {errorMessage(grant.error)}
            </p>
          ) : null}
        </div>
      </form>
    </section>
  );
}
