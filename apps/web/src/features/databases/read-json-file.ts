export type JsonFileReading = { ok: true; content: unknown } | { ok: false; message: string };

/**
 * Reads an uploaded dbt artifact in the browser, so a wrong or broken file is caught at once on
 * its own field instead of after a multi-megabyte upload. The server checks the dbt shape itself.
 */
export async function readJsonObjectFile(file: File): Promise<JsonFileReading> {
  let text: string;
  try {
    text = await file.text();
  } catch {
    return { ok: false, message: `${file.name} could not be read.` };
  }
  let content: unknown;
  try {
    content = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'invalid JSON';
    return { ok: false, message: `${file.name} is not valid JSON (${reason}).` };
  }
  if (typeof content !== 'object' || content === null || Array.isArray(content)) {
    return { ok: false, message: `${file.name} should hold a JSON object, as dbt writes it.` };
  }
  return { ok: true, content };
}
