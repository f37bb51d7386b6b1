import { isSecretDetailField, SECRET_MASK, secretDetailFields } from '@querent/contracts';
import { AppError } from '../errors.ts';
import type { SecretBox } from './secret-box.ts';

/** What the API sends instead of a stored secret, and what a client sends back to keep it. */
export { SECRET_MASK };

export type DetailValue = string | number | boolean | null;
export type Details = Record<string, DetailValue>;

function hasSecret(value: DetailValue | undefined): value is string {
  return typeof value === 'string' && value !== '';
}

function mapSecrets(details: Details, transform: (value: string, field: string) => string): Details {
  const result: Details = {};
  for (const [field, value] of Object.entries(details)) {
    result[field] = isSecretDetailField(field) && hasSecret(value) ? transform(value, field) : value;
  }
  return result;
}

/** The purpose bound to each ciphertext: a sealed password cannot be replayed as a token. */
function purposeOf(field: string): string {
  return `details.${field}`;
}

/** Details as written to the store: every non-empty secret encrypted. */
export function sealDetails(details: Details, box: SecretBox): Details {
  return mapSecrets(details, (value, field) => box.seal(value, purposeOf(field)));
}

/** Stored details back to what a connector needs; only done when connecting. */
export function openDetails(stored: Details, box: SecretBox): Details {
  return mapSecrets(stored, (value, field) => box.open(value, purposeOf(field)));
}

/** Details fit for a response: a secret is shown as the mask, never as plaintext or ciphertext. */
export function maskDetails(details: Details): Details {
  return mapSecrets(details, () => SECRET_MASK);
}

/**
 * An edit form sends the mask back for a secret the user did not retype: it stands for the stored
 * value. A mask with nothing stored behind it is the user's mistake, named by its field.
 */
export function restoreMaskedSecrets(incoming: Details, previous: Details | null): Details {
  const result: Details = { ...incoming };
  for (const field of secretDetailFields) {
    if (incoming[field] !== SECRET_MASK) continue;
    const kept = previous?.[field];
    if (!hasSecret(kept)) {
      throw new AppError('BAD_REQUEST', `details.${field}: no ${field} is stored yet, so enter it in full`, {
        field: `details.${field}`,
      });
    }
    result[field] = kept;
  }
  return result;
}
