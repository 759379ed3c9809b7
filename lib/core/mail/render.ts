import { render, toPlainText } from '@react-email/render';
import type { ReactElement } from 'react';

/** A mail ready for `sendMail`, less its recipient. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/**
 * Renders a React Email template to its HTML and its plain-text version (derived from the same
 * HTML, so the two never say different things). React escapes every value the template shows.
 */
export async function renderMail(element: ReactElement): Promise<{ html: string; text: string }> {
  const html = await render(element);
  return { html, text: toPlainText(html, textOptions) };
}

/**
 * How the text version reads: label and value tables (`<table class="facts">`) as aligned
 * columns, the mail's heading as written (not upper-cased), everything else as html-to-text
 * does it after React Email's own rules (images skipped, a link's address after its words).
 */
const textOptions = {
  selectors: [
    {
      selector: 'table.facts',
      format: 'dataTable',
      options: { colSpacing: 3, maxColumnWidth: 60 },
    },
    { selector: 'h1', options: { uppercase: false } },
  ],
};

/**
 * The origin a mail's links start from, checked: an http(s) origin, as given by the caller
 * (who decides which origin is trusted). A path or anything else is refused.
 */
export function mailOrigin(origin: string): string {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    throw new TypeError(`A mail needs an absolute http(s) origin, not "${origin}".`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new TypeError(`A mail needs an absolute http(s) origin, not "${origin}".`);
  return url.origin;
}
