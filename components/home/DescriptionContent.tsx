'use client';

import Link from 'next/link';

/**
 * The description section: a picture, the store's story and Get Started. A client component for
 * its weight (as ProductGrid): its text travels once, in the HTML, and in the cached script;
 * `picture` is the <img> attributes made on the server (Description).
 */
export function DescriptionContent({
  picture,
}: {
  picture: React.ImgHTMLAttributes<HTMLImageElement>;
}) {
  return (
    <section aria-labelledby="about-title" className="mx-auto max-w-7xl px-4 py-14">
      <div className="grid items-center gap-10 lg:grid-cols-2">
        {/* `picture` carries alt. */}
        {/* eslint-disable-next-line @next/next/no-img-element, jsx-a11y/alt-text */}
        <img {...picture} />
        <div>
          <h2 id="about-title" className="text-3xl font-bold text-slate-900">
            Built in our plant, shipped by the pallet
          </h2>
          <p className="mt-4 text-slate-600">
            Every part in this store comes off our own lines: we forge, machine, heat-treat and
            inspect it ourselves, so the price you pay has no distributor in it. Orders start at 500
            pieces, each lot ships with its inspection record, and you can follow payment and
            delivery from your dashboard.
          </p>
          <Link href="/dashboard" className="btn-primary mt-6">
            Get Started
          </Link>
        </div>
      </div>
    </section>
  );
}
