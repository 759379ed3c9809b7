import type { Metadata, Viewport } from 'next';
import { Navbar } from '@/components/layout/Navbar';
import { Footer } from '@/components/layout/Footer';
import { categoryHref, footerCategories } from '@/components/layout/footer-links';
import { categoryName } from '@/lib/catalogue/shared';
import { Toaster } from '@/components/ui/toast';
import { siteOrigin, storeName } from '@/lib/core/site';
import './globals.css';

const description = `${storeName} makes its own gears, bearings, fasteners and fittings and sells them directly to businesses in bulk.`;

export const metadata: Metadata = {
  // Relative canonical and OpenGraph URLs of every page resolve against the store's origin.
  metadataBase: new URL(siteOrigin),
  title: {
    default: `${storeName} — parts direct from the manufacturer`,
    template: `%s | ${storeName}`,
  },
  description,
  applicationName: storeName,
  // Defaults for pages without their own card; public pages set theirs (pageMetadata), with
  // their canonical URL. No canonical here: it would be inherited by every page.
  openGraph: { type: 'website', siteName: storeName, locale: 'en_US' },
  twitter: { card: 'summary_large_image' },
};

export const viewport: Viewport = { themeColor: '#1e3a8a' };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
        >
          Skip to content
        </a>
        <Navbar storeName={storeName} />
        <main id="main" className="flex-1">
          {children}
        </main>
        <Footer
          storeName={storeName}
          year={new Date().getFullYear()}
          categoryLinks={footerCategories.map((slug) => ({
            href: categoryHref(slug),
            label: categoryName(slug)!,
          }))}
        />
        <Toaster />
      </body>
    </html>
  );
}
