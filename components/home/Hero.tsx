import { ServerImage as Image } from '@/components/ui/ServerImage';
import Link from 'next/link';
import hero from '@/public/images/hero.webp';

export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="bg-gradient-to-b from-slate-100 to-white">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-14 lg:grid-cols-2 lg:py-20">
        <div>
          <h1
            id="hero-title"
            className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl"
          >
            We make our own parts, and sell them straight to you
          </h1>
          <p className="mt-5 max-w-xl text-lg text-slate-600">
            Gears, bearings, fasteners, hydraulics and fittings, machined and inspected in our own
            plant. Order in bulk at factory prices, pay by card, and follow every order from your
            dashboard.
          </p>
          <Link href="/dashboard" className="btn-primary mt-8 px-6 py-3 text-base">
            Get Started
          </Link>
        </div>
        <Image
          src={hero}
          alt="Machines and finished parts on a workbench in our plant"
          preload
          fetchPriority="high"
          sizes="(min-width: 1024px) 40rem, 100vw"
          className="h-auto w-full rounded-xl shadow-lg"
        />
      </div>
    </section>
  );
}
