import type { Metadata, Viewport } from 'next';
import { Navbar } from '@/components/layout/Navbar';
import { Footer } from '@/components/layout/Footer';
import { Providers } from '@/components/auth/Providers';
import { Toaster } from '@/components/ui/toast';
import { storeName } from '@/lib/site';
import './globals.css';

export const metadata: Metadata = {
  title: {
    default: `${storeName} — parts direct from the manufacturer`,
    template: `%s | ${storeName}`,
  },
  description: `${storeName} makes its own gears, bearings, fasteners and fittings and sells them directly to businesses in bulk.`,
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
        <Providers>
          <Navbar storeName={storeName} />
          <main id="main" className="flex-1">
            {children}
          </main>
          <Footer storeName={storeName} />
          <Toaster />
        </Providers>
      </body>
    </html>
  );
}
