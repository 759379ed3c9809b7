import { apiReferenceOp } from '@/lib/api/contract/system';
import { handle } from '@/lib/api/handle';
import { storeName } from '@/lib/core/site';
import { scalarVersion } from './scalar-bundle';

export const dynamic = 'force-static';

/**
 * Scalar's settings (its HTML API reads them from `data-configuration`): nothing loaded from
 * elsewhere — no web fonts from fonts.scalar.com (the page uses system fonts), no telemetry,
 * no AI agent or MCP integration, which talk to Scalar's servers. Requests from "Test Request"
 * go to this origin.
 */
const configuration = {
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: 'never',
  documentDownloadType: 'json',
  persistAuth: false,
  hideDarkModeToggle: false,
  defaultOpenAllTags: false,
};

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

/**
 * GET /api/docs: the API reference for integrators, rendered in the browser by Scalar from
 * /api/openapi.json. No inline script runs (the configuration is a data attribute of a JSON
 * block), so it works under `script-src 'self'`; Scalar adds its styles as a <style> element.
 */
export const GET = handle(apiReferenceOp, () => {
  const title = `${storeName} API reference`;
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="/icon.svg" type="image/svg+xml">
<title>${escapeHtml(title)}</title>
</head>
<body>
<noscript>The reference needs JavaScript. The contract itself is at <a href="/api/openapi.json">/api/openapi.json</a>.</noscript>
<script id="api-reference" type="application/json" data-url="/api/openapi.json" data-configuration="${escapeHtml(JSON.stringify(configuration))}"></script>
<script src="/api/docs/scalar.js?v=${encodeURIComponent(scalarVersion())}"></script>
</body>
</html>
`;
  return new Response(html, {
    headers: { 'Content-Type': 'text/html; charset=utf-8' },
  });
});
