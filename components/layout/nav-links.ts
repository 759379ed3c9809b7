/** The public links of the navigation bar, in the specification's order, with the catalogue after Home. */
export const publicLinks = [
  { href: '/', label: 'Home' },
  { href: '/products', label: 'Products' },
  { href: '/blogs', label: 'Blogs' },
  { href: '/contactus', label: 'Contact' },
  { href: '/myportfolio', label: 'MyPortfolio' },
] as const;
