/** `callbackUrl` values that must never send a person to another site: each lands on `/`. */
export const hostile = [
  '//x',
  '//evil.example/path',
  '/\\x',
  '/\\evil.example',
  '/\t/x',
  '/\t/evil.example',
  '/\n/evil.example',
  'https://x',
  'http://evil.example',
  '/%5Cx',
  '/%5cevil.example',
  '/%2F/evil.example',
  '/%09/evil.example',
  'javascript:alert(1)',
  'javascript:',
  ' /x',
  '',
];
/** Ordinary paths, with queries, that must survive as they are. */
export const ordinary = [
  '/',
  '/dashboard',
  '/dashboard/payment/0123456789abcdef01234567',
  '/product/0123456789abcdef01234567?quantity=500',
  '/products?category=bearings&page=2',
];
