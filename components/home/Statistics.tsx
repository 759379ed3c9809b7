'use client';

const figures = [
  { label: 'Customer', value: '33k' },
  { label: 'Annual revenew', value: '35k' },
  { label: 'Reviews', value: '60k' },
];

/**
 * The statistics strip: fixed figures. A client component for its weight (as ProductGrid):
 * its markup travels once, in the HTML, and its text in the cached script.
 */
export function Statistics() {
  return (
    <section aria-labelledby="stats-title" className="bg-brand-800 text-white">
      <div className="mx-auto max-w-7xl px-4 py-14 text-center">
        <h2 id="stats-title" className="text-3xl font-bold">
          Millions User trust us
        </h2>
        <p className="mt-2 text-brand-100">Our user expectation</p>
        <dl className="mt-10 grid grid-cols-1 gap-6 sm:grid-cols-3">
          {figures.map((figure) => (
            <div key={figure.label} className="rounded-xl bg-white/10 p-6">
              <dt className="text-sm tracking-wide text-brand-100 uppercase">{figure.label}</dt>
              <dd className="mt-2 text-4xl font-extrabold">{figure.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
