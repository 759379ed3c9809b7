/** The public links of the navigation bar, in the specification's order. */
export const publicLinks = [
  { href: '/', label: 'Home' },
  { href: '/blogs', label: 'Blogs' },
  { href: '/contactus', label: 'Contact' },
  { href: '/myportfolio', label: 'MyPortfolio' },
] as const;
