// What finding the signed-in user costs a request: GET /api/user with a session cookie in hosted
// mode (the session and its user looked up in the store) against the same request in local mode
// (the local administrator looked up by id), both servers on SQLite, measured in the same run.
import { startHostedBench } from './hosted-sign-in.ts';
import { median, startQuerent } from './server-process.ts';

const warmUps = 50;
const runs = 15;
const requestsPerRun = 200;

/** Milliseconds per request over one run of sequential requests. */
async function msPerRequest(url: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  for (let index = 0; index < requestsPerRun; index += 1) {
    const response = await fetch(url, { headers });
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    await response.arrayBuffer();
  }
  return (performance.now() - started) / requestsPerRun;
}

export async function benchSessionResolution() {
  const local = await startQuerent(3330);
  const hosted = await startHostedBench(3331);
  try {
    const browser = await hosted.signedIn('carol');
    const cookie = browser.jar.header() ?? '';
    const localUrl = 'http://127.0.0.1:3330/api/user';
    const hostedUrl = `${hosted.base}/api/user`;
    for (let index = 0; index < warmUps; index += 1) {
      await (await fetch(localUrl)).arrayBuffer();
      await (await fetch(hostedUrl, { headers: { cookie } })).arrayBuffer();
    }
    const localMs: number[] = [];
    const hostedMs: number[] = [];
    // Alternated, so a busy moment of the machine weighs on both.
    for (let run = 0; run < runs; run += 1) {
      localMs.push(await msPerRequest(localUrl, {}));
      hostedMs.push(await msPerRequest(hostedUrl, { cookie }));
    }
    const h = median(hostedMs);
    const l = median(localMs);
    return [
      {
        benchmark: `GET /api/user with a session (oidc) vs local mode (median of ${runs} × ${requestsPerRun})`,
        querent: `${h.toFixed(2)} ms/request`,
        baseline: `${l.toFixed(2)} ms/request (local mode)`,
        ratio: (h / l).toFixed(2),
        target: 'report',
      },
    ];
  } finally {
    await hosted.stop();
    await local.stop();
  }
}
