/** One sample of a Prometheus text exposition: the metric's name, its labels and its value. */
export interface PromSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const sampleLine = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const labelPair = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** Reads the samples of a scrape, skipping HELP and TYPE lines. */
export function parsePrometheusText(text: string): PromSample[] {
  return text.split('\n').flatMap((line) => {
    const match = sampleLine.exec(line);
    if (!match) return [];
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(labelPair)) labels[pair[1] ?? ''] = pair[2] ?? '';
    return [{ name: match[1] ?? '', labels, value: Number(match[3]) }];
  });
}

/** The value of the one sample with this name and (at least) these labels; 0 when there is none. */
export function sampleValue(
  samples: PromSample[],
  name: string,
  labels: Record<string, string> = {},
): number {
  const found = samples.filter(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value ?? 0;
}
