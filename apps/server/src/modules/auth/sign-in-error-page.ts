/**
 * What a browser sees when the provider's callback cannot finish the sign-in (a stale link, a
 * token that fails its checks, a provider that is down, a deactivated account): a page of its own
 * that says why in words and offers to sign in again, never raw JSON. It loads nothing, so it works
 * under the app's content security policy whatever state the app is in.
 */
export interface SignInErrorPage {
  status: number;
  html: string;
}

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => escapes[character] ?? character);
}

const style = `body{font-family:system-ui,sans-serif;margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#fafafa;color:#18181b}
main{max-width:32rem;padding:2rem;text-align:center}
h1{font-size:1.5rem;margin:0 0 1rem}
p{line-height:1.5;color:#3f3f46}
a.button{display:inline-block;margin-top:1rem;padding:.5rem 1rem;border-radius:.375rem;background:#18181b;color:#fff;text-decoration:none}
.reference{font-size:.75rem;color:#71717a;margin-top:2rem}`;

export function renderSignInErrorPage(input: {
  status: number;
  message: string;
  requestId: string;
}): SignInErrorPage {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign-in failed · Querent</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<style>${style}</style>
</head>
<body>
<main>
<h1>Sign-in failed</h1>
<p>${escapeHtml(input.message)}</p>
<a class="button" href="/login">Sign in again</a>
<p class="reference">Reference: ${escapeHtml(input.requestId)}</p>
</main>
</body>
</html>
`;
  return { status: input.status, html };
}
