import crypto from 'node:crypto';

/**
 * OAuth clients allowed to call the token endpoint (Basic authorisation). The web app is the
 * BladeX default client "saber"; OAUTH_CLIENTS="id:secret,id2:secret2" adds or replaces clients.
 */
function configuredClients(): Map<string, string> {
  const spec = process.env.OAUTH_CLIENTS || 'saber:saber_secret';
  return new Map(
    spec
      .split(',')
      .map((pair) => pair.split(':') as [string, string])
      .filter(([id, secret]) => id && secret),
  );
}

const clients = configuredClients();

export function checkClient(authorization: string): string | null {
  const match = /^basic\s+(.+)$/i.exec(authorization);
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const split = decoded.indexOf(':');
  if (split <= 0) return null;
  const id = decoded.slice(0, split);
  const secret = decoded.slice(split + 1);
  const expected = clients.get(id);
  if (!expected || expected.length !== secret.length) return null;
  return crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(secret)) ? id : null;
}
