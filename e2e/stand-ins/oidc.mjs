// A local OpenID Connect issuer standing in for Google sign-in (oauth2-mock-server). The
// authorize endpoint signs in at once, as the identity last posted to /__identity (a test
// sets it just before clicking "Continue with Google"); the id token carries that email,
// name and picture, with email_verified and the client id as audience.
import { createHash } from 'node:crypto';
import http from 'node:http';
import { OAuth2Issuer, OAuth2Service } from 'oauth2-mock-server';
import { OIDC_PORT } from './ports.mjs';

export const GOOGLE_CLIENT_ID = 'storefront-e2e.apps.example';
const GOOGLE_CLIENT_SECRET = 'storefront-e2e-google-secret';

export async function start() {
  const issuer = new OAuth2Issuer();
  issuer.url = `http://127.0.0.1:${OIDC_PORT}`;
  await issuer.keys.generate('RS256');
  const service = new OAuth2Service(issuer);

  let identity = { email: 'google_user@example.com', name: 'Grace Google', picture: null };

  service.on('beforeTokenSigning', (token) => {
    token.payload.sub = createHash('sha256').update(identity.email).digest('hex').slice(0, 21);
    token.payload.aud = GOOGLE_CLIENT_ID;
    token.payload.email = identity.email;
    token.payload.email_verified = true;
    token.payload.name = identity.name;
    if (identity.picture) token.payload.picture = identity.picture;
  });
  service.on('beforeUserinfo', (response) => {
    response.body = {
      ...response.body,
      email: identity.email,
      email_verified: true,
      name: identity.name,
    };
  });

  const handler = service.requestHandler;
  const server = http.createServer((request, response) => {
    if (request.url === '/__identity' && request.method === 'POST') {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        try {
          identity = { picture: null, ...JSON.parse(body) };
          response.writeHead(204).end();
        } catch {
          response.writeHead(400).end();
        }
      });
      return;
    }
    handler(request, response);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(OIDC_PORT, '127.0.0.1', resolve);
  });

  return {
    env: {
      AUTH_GOOGLE_ID: GOOGLE_CLIENT_ID,
      AUTH_GOOGLE_SECRET: GOOGLE_CLIENT_SECRET,
      AUTH_GOOGLE_ISSUER: issuer.url,
    },
    async stop() {
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
