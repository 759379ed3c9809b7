import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import { Fragment, type CSSProperties, type ReactNode } from 'react';

/** The pages and documents the mails link to, relative to the origin. */
export const mailPaths = {
  payment: (orderId: string) => `/dashboard/payment/${encodeURIComponent(orderId)}`,
  invoice: (orderId: string) => `/api/orders/${encodeURIComponent(orderId)}/invoice`,
  myOrders: '/dashboard/order',
  manageOrders: '/dashboard/manageorder',
  approvals: '/dashboard/approvals',
  contact: '/contactus',
} as const;

/** An absolute link on the given origin. */
export function absoluteLink(origin: string, path: string): string {
  return new URL(path, origin).toString();
}

/** A count of parts: `5,000`. */
export function units(quantity: number): string {
  return quantity.toLocaleString('en-US');
}

// Inline styles: mail clients ignore most style sheets. One column, at most 600 px wide, so the
// same layout reads on a phone and on a desktop.
export const colors = {
  text: '#0f172a',
  muted: '#475569',
  line: '#e2e8f0',
  page: '#f1f5f9',
  brand: '#1d4ed8',
};
const font =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

export const styles = {
  body: { backgroundColor: colors.page, fontFamily: font, margin: 0, padding: '24px 12px' },
  container: { maxWidth: '600px', width: '100%', margin: '0 auto' },
  brand: {
    color: colors.text,
    fontSize: '18px',
    fontWeight: 700,
    textDecoration: 'none',
    display: 'block',
    padding: '0 24px 12px',
  },
  card: {
    backgroundColor: '#ffffff',
    border: `1px solid ${colors.line}`,
    borderRadius: '8px',
    padding: '24px',
  },
  heading: { color: colors.text, fontSize: '22px', lineHeight: '28px', margin: '0 0 16px' },
  text: { color: colors.text, fontSize: '15px', lineHeight: '24px', margin: '0 0 16px' },
  subheading: {
    color: colors.muted,
    fontSize: '12px',
    fontWeight: 700,
    letterSpacing: '0.06em',
    textTransform: 'uppercase',
    margin: '24px 0 8px',
  },
  button: {
    backgroundColor: colors.brand,
    borderRadius: '6px',
    color: '#ffffff',
    fontSize: '15px',
    fontWeight: 600,
    padding: '12px 20px',
    textDecoration: 'none',
  },
  label: {
    color: colors.muted,
    fontSize: '14px',
    lineHeight: '20px',
    padding: '6px 12px 6px 0',
    verticalAlign: 'top',
    width: '40%',
  },
  value: {
    color: colors.text,
    fontSize: '14px',
    lineHeight: '20px',
    padding: '6px 0',
    verticalAlign: 'top',
    wordBreak: 'break-word',
  },
  address: {
    color: colors.text,
    fontSize: '14px',
    lineHeight: '20px',
    margin: 0,
  },
  rule: { borderColor: colors.line, margin: '24px 0' },
  footer: { color: colors.muted, fontSize: '12px', lineHeight: '18px', padding: '16px 24px 0' },
  link: { color: colors.brand },
} satisfies Record<string, CSSProperties>;

/** The frame of every order mail: the store's name, one card with the content, a footer. */
export function MailLayout({
  storeName,
  origin,
  preview,
  heading,
  children,
}: {
  storeName: string;
  origin: string;
  /** The line inbox lists show after the subject. */
  preview: string;
  heading: string;
  children: ReactNode;
}) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Link href={absoluteLink(origin, '/')} style={styles.brand}>
            {storeName}
          </Link>
          <Section style={styles.card}>
            <Heading as="h1" style={styles.heading}>
              {heading}
            </Heading>
            {children}
          </Section>
          <Text style={styles.footer}>
            {storeName} · <Link href={origin}>{origin}</Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/** A paragraph of the mail's copy. */
export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={styles.text}>{children}</Text>;
}

/** A link inside a paragraph. */
export function InlineLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} style={styles.link}>
      {children}
    </Link>
  );
}

/** The mail's one call to action (the text version writes its address after the words). */
export function ActionButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '24px 0' }}>
      <Button href={href} style={styles.button}>
        {children}
      </Button>
    </Section>
  );
}

/** A small heading over a group of facts. */
export function Subheading({ children }: { children: ReactNode }) {
  return (
    <Heading as="h2" style={styles.subheading}>
      {children}
    </Heading>
  );
}

/**
 * Label and value pairs; a pair whose value is null is left out. One plain table (class
 * `facts`), which the text version lays out as two aligned columns (lib/core/mail/render.ts).
 */
export function Facts({ rows }: { rows: [label: string, value: ReactNode | null][] }) {
  return (
    <FactsTable layout>
      <tbody>
        {rows
          .filter((row): row is [string, ReactNode] => row[1] !== null)
          .map(([label, value]) => (
            <tr key={label}>
              <td style={styles.label}>{label}</td>
              <td style={styles.value}>{value}</td>
            </tr>
          ))}
      </tbody>
    </FactsTable>
  );
}

/**
 * The mails' one plain table (class `facts`, which the text version reads as aligned columns):
 * a `layout` table of label and value pairs is `role="presentation"`; a table of data (with its
 * head row) is not.
 */
export function FactsTable({
  layout = false,
  children,
}: {
  layout?: boolean;
  children: ReactNode;
}) {
  return (
    <table
      className="facts"
      {...(layout ? { role: 'presentation' } : {})}
      width="100%"
      cellPadding={0}
      cellSpacing={0}
      style={{ borderCollapse: 'collapse' }}
    >
      {children}
    </table>
  );
}

/** Text typed over several lines (an address), its line breaks kept in both versions. */
export function Lines({ text }: { text: string }) {
  const lines = text.split(/\r?\n/);
  return (
    <Text style={styles.address}>
      {lines.map((line, index) => (
        <Fragment key={index}>
          {index > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </Text>
  );
}

/** A thin line between the content and the closing words. */
export function Rule() {
  return <Hr style={styles.rule} />;
}
