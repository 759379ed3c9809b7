// Starts the local stand-ins of third-party services used by the end-to-end environment.
// Each module exports `start({ appUrl }) => Promise<{ env, stop }>`; `env` is what the app
// needs to talk to it. Cloudinary's env goes only to the second app instance, so the first
// one exercises the GridFS default.
import * as cloudinary from './cloudinary.mjs';
import * as oidc from './oidc.mjs';
import * as stripe from './stripe.mjs';
import { APP_PORT, SMTP_PORT } from './ports.mjs';

export async function startStandIns() {
  const appUrl = `http://127.0.0.1:${APP_PORT}`;
  const started = [];
  try {
    const stripeStandIn = await stripe.start({ appUrl });
    started.push(stripeStandIn);
    const oidcStandIn = await oidc.start({ appUrl });
    started.push(oidcStandIn);
    const cloudinaryStandIn = await cloudinary.start({ appUrl });
    started.push(cloudinaryStandIn);
    return {
      /** For every app instance. */
      env: {
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        ...stripeStandIn.env,
        ...oidcStandIn.env,
      },
      /** Only for the instance with Cloudinary configured. */
      cloudinaryEnv: cloudinaryStandIn.env,
      async stop() {
        await Promise.allSettled(started.map((standIn) => standIn.stop()));
      },
    };
  } catch (error) {
    await Promise.allSettled(started.map((standIn) => standIn.stop()));
    throw error;
  }
}
