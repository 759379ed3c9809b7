import { apiReferenceOp } from '@/lib/api/contract/system';
import { handle } from '@/lib/api/handle';
import { storeName } from '@/lib/core/site';
import { scalarBundleVersion } from './scalar-bundle';

export const dynamic = 'force-static';

/**
 * The reference's own theme on top of Scalar's default one, so that it passes axe (WCAG 2.2 AA,
 * e2e/accessibility.spec.ts) in light and dark mode. Scalar puts its theme in a cascade layer
 * (`@layer scalar-theme`) and this CSS outside it, so these plain rules win.
 *
 * - Text colours: in light mode the default greys (#757575, #8e8e8e) and the HTTP method and
 *   syntax colours (#0099ff, #069061, #ef0006, #edbe20, #ff5800...) read below 4.5:1, in dark
 *   mode the faintest grey (#797979) and the red; these read at least 4.5:1 on every background
 *   of their mode (light #fff, #f6f6f6, #e7e7e7; dark #0f0f0f, #1a1a1a, #272727). The accent
 *   is the store's brand blue. Code samples sit in dark-mode cards in either mode.
 * - A code block's Copy button names itself with a visually hidden "Copy" that Scalar shows only
 *   while the block is hovered or focused, so the button has no name until then: it is shown
 *   always (it stays visually hidden).
 * - The sidebar's open/close buttons are 22 px square; WCAG 2.2 asks 24 px.
 * - A tag's list of operations scrolls sideways on a phone when a path is long: paths wrap.
 */
const REFERENCE_CSS = `
.light-mode {
  --scalar-color-2: #595959;
  --scalar-color-3: #666666;
  --scalar-color-accent: #1d4ed8;
  --scalar-color-green: #00754a;
  --scalar-color-red: #c8000a;
  --scalar-color-yellow: #7f5a00;
  --scalar-color-blue: #0069b4;
  --scalar-color-orange: #b33c00;
  --scalar-color-query: #00696d;
}
.dark-mode {
  --scalar-color-3: #9a9a9a;
  --scalar-color-red: #ff6b6b;
}
.scalar-code-copy .sr-only .hidden {
  display: inline;
}
[data-sidebar-id] button[aria-expanded] {
  min-width: 24px;
  min-height: 24px;
}
.endpoints .endpoint-path {
  white-space: normal;
  overflow-wrap: anywhere;
  min-width: 0;
}
`;

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
  customCss: REFERENCE_CSS,
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
 * /api/openapi.json. No inline script runs (the configuration, the theme included, is a data
 * attribute of a JSON block), so it works under `script-src 'self'`; Scalar adds its styles
 * as a <style> element.
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
<script src="/api/docs/scalar.js?v=${encodeURIComponent(scalarBundleVersion())}"></script>
</body>
</html>
`;
  return new Response(html, {
    headers: { 'Content-Type': 'text/html; charset=utf-8' },
  });
});
