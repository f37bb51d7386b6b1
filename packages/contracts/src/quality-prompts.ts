/*
 * The texts the control page sends to the analyst (Scan auto and Start Analysis), and how the
 * server's offline analyst recognises them again, so both sides read the same words. No zod here:
 * the web app imports these values at run time.
 */

export const autoScanPrompt =
  'Explore this database: look at its schemas, tables and sample rows, save what you learn about the business ' +
  'and the data structure to memory, and create the business entities that are missing.';

const analysisLead = 'Verify the data quality of the business entity "';

export function analysisPrompt(entityName: string): string {
  return (
    `${analysisLead}${entityName}": check its completeness and consistency, ` +
    'create an issue for each problem you find, and update its quality score.'
  );
}

/** Whether a question asks for the whole database to be scanned (Scan auto's text or its gist). */
export function isScanRequest(text: string): boolean {
  const normal = text.trim().toLowerCase();
  if (normal === autoScanPrompt.toLowerCase()) return true;
  return (
    /\b(?:create|find|propose)\b.*\bbusiness entities\b/.test(normal) ||
    /^scan\b.*\b(?:database|quality)\b/.test(normal)
  );
}

/** The entity named by Start Analysis' text, or by "check the quality of X"; null for other text. */
export function analysisTarget(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed.startsWith(analysisLead)) {
    const end = trimmed.indexOf('"', analysisLead.length);
    return end > analysisLead.length ? trimmed.slice(analysisLead.length, end) : null;
  }
  const loose =
    /^(?:check|verify|analy[sz]e)\s+(?:the\s+)?(?:data\s+)?quality\s+of\s+(?:the\s+)?(?:business entity\s+)?["“]?([^"”]+?)["”]?\s*[.?!]?$/i.exec(
      trimmed,
    );
  return loose?.[1]?.trim() || null;
}

const expected = /^\s*(.+?)\s*(?:'s|’s|\bis|\bare)\s+(?:expected|normal|intended|on purpose)\b/i;

/**
 * The user saying a finding is expected ("that is expected", "Missing email in customers is
 * normal: …"): the analyst then mutes the check behind it, recording who said so and why. Answers
 * the finding they named (null for "that", "this", "it"), or undefined for any other text.
 * Questions never count.
 */
export function expectedFinding(text: string): { named: string | null } | undefined {
  if (text.trim().endsWith('?')) return undefined;
  const match = expected.exec(text);
  if (!match) return undefined;
  const subject = (match[1] ?? '').replace(/^["“'‘]|["”'’]$/g, '').trim();
  return { named: /^(?:that|this|it|these|those|they)$/i.test(subject) ? null : subject };
}
