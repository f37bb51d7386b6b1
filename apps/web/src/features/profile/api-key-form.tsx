import type { ApiKeyScope, CreatedApiKey, Organization, RouteBody } from '@querent/contracts';
import { apiKeyScopeDescriptions, apiKeyScopes } from '@querent/contracts';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { FormField, inputClass } from '../../components/form-field.tsx';
import { buttonClass } from '../../components/page.tsx';
import { ApiError, errorMessage } from '../../lib/api-error.ts';
import type { ExpiryChoice } from './api-key-expiry.ts';
import { expiresAtOf, expiryChoices } from './api-key-expiry.ts';

/** Which of the form's fields a 400 is about (`scopes.0` is the scopes'). */
function fieldOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.field === undefined) return null;
  return error.field.split('.')[0] ?? null;
}

/**
 * Makes a key: its name, what it may reach (scopes), how long it lasts, and for administrators
 * whose it is (theirs, or an organisation's). The server's 400 lands beside the field it names.
 */
export function ApiKeyForm({
  organizations,
  pending,
  error,
  onCreate,
}: {
  /** Organisations an administrator may make a key for; empty for everyone else. */
  organizations: readonly Organization[];
  pending: boolean;
  error: unknown;
  onCreate: (body: RouteBody<'POST /api/api-keys'>) => Promise<CreatedApiKey>;
}) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['metadata:read']);
  const [expiry, setExpiry] = useState<ExpiryChoice>('90');
  const [owner, setOwner] = useState('');
  const field = fieldOf(error);
  const errorFor = (name: string) => (field === name ? errorMessage(error) : null);

  const toggle = (scope: ApiKeyScope, on: boolean) =>
    setScopes((current) =>
      on
        ? apiKeyScopes.filter((each) => each === scope || current.includes(each))
        : current.filter((each) => each !== scope),
    );

  return (
    <form
      aria-label="New API key"
      className="flex flex-col gap-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
      onSubmit={(event) => {
        event.preventDefault();
        const body = {
          name,
          scopes,
          expires_at: expiresAtOf(expiry, new Date()),
          ...(owner === '' ? {} : { organization_id: owner }),
        };
        onCreate(body).then(
          () => {
            setName('');
            setOwner('');
          },
          () => undefined,
        );
      }}
    >
      <FormField
        label="Name"
        required
        help="What it is for, e.g. “Claude on my laptop” or “Nightly report”."
        error={errorFor('name')}
      >
        {(control) => (
          <input
            {...control}
            className={inputClass}
            value={name}
            maxLength={100}
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </FormField>
      <fieldset
        className="flex flex-col gap-1.5"
        aria-describedby={field === 'scopes' ? 'api-key-scopes-error' : undefined}
      >
        <legend className="mb-1 text-sm font-medium">What it may do</legend>
        {apiKeyScopes.map((scope) => (
          <label key={scope} className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-indigo-600"
              checked={scopes.includes(scope)}
              onChange={(event) => toggle(scope, event.target.checked)}
            />
            <span>
              <code className="text-xs">{scope}</code> {apiKeyScopeDescriptions[scope]}
            </span>
          </label>
        ))}
        {field === 'scopes' ? (
          <p id="api-key-scopes-error" className="text-sm text-red-700 dark:text-red-400">
            {errorMessage(error)}
          </p>
        ) : null}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Expires after" required error={errorFor('expires_at')}>
          {(control) => (
            <select
              {...control}
              className={inputClass}
              value={expiry}
              onChange={(event) => setExpiry(event.target.value as ExpiryChoice)}
            >
              {expiryChoices.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {organizations.length > 0 ? (
          <FormField
            label="Acts as"
            required
            help="An organisation key sees what the organisation shares, as a member, and outlives whoever made it."
            error={errorFor('organization_id')}
          >
            {(control) => (
              <select
                {...control}
                className={inputClass}
                value={owner}
                onChange={(event) => setOwner(event.target.value)}
              >
                <option value="">Me</option>
                {organizations.map((organization) => (
                  <option key={organization.id} value={organization.id}>
                    Organisation: {organization.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        ) : null}
      </div>
      {error && field === null ? <p role="alert">{errorMessage(error)}</p> : null}
      <div>
        <button
          type="submit"
          className={buttonClass}
          disabled={pending || scopes.length === 0 || name.trim() === ''}
        >
          <KeyRound size={16} aria-hidden="true" /> {pending ? 'Making…' : 'Make key'}
        </button>
      </div>
    </form>
  );
}
