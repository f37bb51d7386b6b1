import { AppError } from '../../errors.ts';

/*
 * DNS rebinding: a web page on a name the attacker controls can make that name resolve to
 * 127.0.0.1 and then call this server from the victim's browser, under the attacker's own origin
 * and Host. A local MCP server answers with the administrator's data, so it only answers requests
 * addressed to it by a loopback name (local mode) or by PUBLIC_URL's host (hosted mode), and
 * refuses a browser's Origin that is not the same address.
 */

const loopbackHostnames = new Set(['localhost', '127.0.0.1', '[::1]']);

function hostnameOf(host: string): string | null {
  try {
    return new URL(`http://${host}`).hostname.toLowerCase();
  } catch {
    return null;
  }
}

function isAllowedHost(host: string, publicUrl: string | null): boolean {
  if (publicUrl !== null) return host.toLowerCase() === new URL(publicUrl).host.toLowerCase();
  const hostname = hostnameOf(host);
  return hostname !== null && loopbackHostnames.has(hostname);
}

function isAllowedOrigin(origin: string, publicUrl: string | null): boolean {
  let sender: URL;
  try {
    sender = new URL(origin);
  } catch {
    return false;
  }
  if (publicUrl !== null) return sender.origin === new URL(publicUrl).origin;
  return (
    (sender.protocol === 'http:' || sender.protocol === 'https:') && loopbackHostnames.has(sender.hostname)
  );
}

/**
 * Throws a 403 naming the header at fault unless the request names this server: Host must be a
 * loopback name (local mode) or PUBLIC_URL's host and port (hosted mode); an Origin, when a
 * browser sends one, must be such an address too.
 */
export function checkMcpAddress(
  sent: {
    /** The host the request was addressed to (a trusted proxy's X-Forwarded-Host, else Host). */
    host: string | undefined;
    origin: string | undefined;
  },
  publicUrl: string | null,
): void {
  const host = sent.host ?? '';
  if (!isAllowedHost(host, publicUrl)) {
    const expected = publicUrl === null ? 'localhost, 127.0.0.1 or [::1]' : new URL(publicUrl).host;
    throw new AppError(
      'FORBIDDEN',
      `MCP request refused: it was addressed to ${host === '' ? 'no host' : host}, not to this server (${expected}); a page on another site may be trying to reach it (DNS rebinding)`,
      { field: 'host' },
    );
  }
  const { origin } = sent;
  if (typeof origin === 'string' && origin !== '' && !isAllowedOrigin(origin, publicUrl)) {
    throw new AppError(
      'FORBIDDEN',
      `MCP request refused: it was sent by a page of another site (${origin}), not by an MCP client of this machine`,
      { field: 'origin' },
    );
  }
}
