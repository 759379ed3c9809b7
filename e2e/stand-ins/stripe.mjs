// Not written yet: this stand-in configures nothing, so the app runs on its local default.
export async function start() {
  return { env: {}, async stop() {} };
}
