const columns = [
  { title: 'Company', links: ['About us', 'Careers', 'Press', 'Sustainability'] },
  { title: 'Products', links: ['Gears', 'Bearings', 'Fasteners', 'Hydraulics', 'Valves'] },
  { title: 'Legal', links: ['Terms of sale', 'Privacy policy', 'Cookie policy', 'Warranty'] },
];

export function Footer({ storeName }: { storeName: string }) {
  return (
    <footer className="bg-steel-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-white">{storeName}</p>
          <p className="mt-2 text-sm">
            Parts made in our own plant, sold directly to your business.
          </p>
        </div>
        {columns.map((column) => (
          <div key={column.title}>
            <h2 className="text-sm font-semibold tracking-wide text-white uppercase">
              {column.title}
            </h2>
            <ul className="mt-3 space-y-2 text-sm">
              {column.links.map((label) => (
                <li key={label}>
                  <a href="#" className="hover:text-white">
                    {label}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <p className="border-t border-white/10 py-4 text-center text-xs">
        © {new Date().getFullYear()} {storeName}. All rights reserved.
      </p>
    </footer>
  );
}
