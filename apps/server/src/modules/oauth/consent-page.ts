import type { ApiKeyScope } from '@querent/contracts';
import { apiKeyScopeDescriptions } from '@querent/contracts';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export interface ConsentPage {
  /** The app as it registered itself: its name (or, without one, its client id). */
  appName: string;
  /** Where the app's sign-in lands: the host people can recognise. */
  redirectHost: string;
  /**
   * The host whose address is the app's client id (a client ID metadata document): the one thing
   * about the app it cannot claim for itself, unlike its name. Null for a registered app.
   */
  publisher: string | null;
  /** What the app asks for, all offered checked. */
  scopes: readonly ApiKeyScope[];
  /** The person approving, as they are known here. */
  personName: string;
  /** Where the form posts: the interaction's path. */
  action: string;
}

/**
 * The consent page: which app asks for what, for whom, with a box per scope (all ticked) and
 * Allow or Deny. Server-rendered with no script, so it works under the app's strict CSP.
 */
export function renderConsentPage(page: ConsentPage): string {
  const scopes = page.scopes
    .map(
      (scope) => `<li><label><input type="checkbox" name="scope" value="${escapeHtml(scope)}" checked>
        <code>${escapeHtml(scope)}</code> ${escapeHtml(apiKeyScopeDescriptions[scope])}</label></li>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Connect ${escapeHtml(page.appName)} to Querent</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 34rem; margin: 3rem auto; padding: 0 1rem; color: #18181b; }
  ul { list-style: none; padding: 0; } li { margin: 0.5rem 0; }
  .actions { display: flex; gap: 0.75rem; margin-top: 1.5rem; }
  button { font: inherit; padding: 0.4rem 1rem; border-radius: 0.375rem; border: 1px solid #d4d4d8; background: #fff; }
  button[value="allow"] { background: #4f46e5; color: #fff; border-color: #4f46e5; }
  .muted { color: #52525b; font-size: 0.875rem; }
</style>
</head>
<body>
<main>
<h1>Connect ${escapeHtml(page.appName)} to Querent?</h1>
<p><strong>${escapeHtml(page.appName)}</strong> (${page.publisher === null ? '' : `published by <code>${escapeHtml(page.publisher)}</code>, `}returning to <code>${escapeHtml(page.redirectHost)}</code>) asks to use Querent as <strong>${escapeHtml(page.personName)}</strong>. Everything it does is read-only, under the same rules as your own use of Querent.</p>
<form method="post" action="${escapeHtml(page.action)}">
<fieldset>
<legend>It may:</legend>
<ul>
${scopes}
</ul>
</fieldset>
<p class="muted">You can disconnect it at any time on your profile page.</p>
<div class="actions">
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button>
</div>
</form>
</main>
</body>
</html>`;
}
