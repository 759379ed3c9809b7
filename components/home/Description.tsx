import { ServerImage as Image } from '@/components/ui/ServerImage';
import Link from 'next/link';
import about from '@/public/images/about.webp';

export function Description() {
  return (
    <section aria-labelledby="about-title" className="mx-auto max-w-7xl px-4 py-14">
      <div className="grid items-center gap-10 lg:grid-cols-2">
        <Image
          src={about}
          alt="Pallets of boxed parts ready to ship from our warehouse"
          sizes="(min-width: 1024px) 40rem, 100vw"
          className="h-auto w-full rounded-xl shadow"
        />
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
