import { describe, expect, it } from 'vitest';
import { fieldIssues } from '@/lib/core/refusal';
import { loginSchema, signupSchema } from '@/lib/accounts/validation/auth';
import { profileSchema } from '@/lib/accounts/validation/profile';
import { inviteMemberSchema } from '@/lib/companies/validation/members';
import { contactSchema } from '@/lib/contact/validation/contact';
import { safeCallbackPath } from '@/lib/accounts/access';
import { hashPassword, verifyPassword } from '@/lib/accounts/password';

const issues = (schema: typeof loginSchema | typeof signupSchema, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldIssues(result.error);
};

describe('login and sign-up schemas give the spec messages', () => {
  it('Email is Required / Password is Required / Name is Required', () => {
    expect(issues(signupSchema, { name: '', email: '', password: '' })).toEqual({
      name: ['Name is Required'],
      email: ['Email is Required'],
      password: ['Password is Required'],
    });
    expect(issues(loginSchema, {})).toEqual({
      email: ['Email is Required'],
      password: ['Password is Required'],
    });
  });

  it.each([
    'plainaddress',
    'a@b',
    'a@b.c',
    'vera@example',
    '@example.com',
    '@x.com',
    'a b@example.com',
    'john smith@acme.co.uk',
    'john@acme corp.com',
    'john@acme.co.u k',
    '.john@example.com',
    'john.@example.com',
    'john..smith@example.com',
    'john@-acme.com',
    'john@acme-.com',
    'john@acme..com',
    'john@acme.c0m',
    'john@@acme.com',
    `${'a'.repeat(65)}@example.com`,
    `a@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(63)}.com`,
  ])('Provide a valid Email for %s', (email) => {
    expect(issues(loginSchema, { email, password: 'secret1' })).toEqual({
      email: ['Provide a valid Email'],
    });
  });

  it.each([
    'buyer@example.com',
    'Buyer_1@Example.ORG',
    'x9@mail_host.io',
    // Real business addresses: dots, hyphens, subdomains, long top-level domains.
    'john.smith@acme-corp.co.uk',
    'h-admin@example.com',
    'first+tag@mail.example.info',
    'a@b.comm',
    'a@exa-mple.com',
    "o'brien@brien-parts.ie",
    'sales@x1.engineering',
  ])('accepts %s and lower-cases it', (email) => {
    const result = loginSchema.parse({ email, password: 'secret1' });
    expect(result.email).toBe(email.toLowerCase());
  });

  it('sign-up, sign-in, the company invitation and the contact form share the rule', () => {
    const forms = {
      signUp: (email: string) => signupSchema.safeParse({ name: 'A', email, password: 'secret1' }),
      signIn: (email: string) => loginSchema.safeParse({ email, password: 'secret1' }),
      invitation: (email: string) => inviteMemberSchema.safeParse({ email, role: 'buyer' }),
      contact: (email: string) =>
        contactSchema.safeParse({ name: 'A', email, address: 'x', message: 'y' }),
    };
    for (const [form, parse] of Object.entries(forms)) {
      for (const email of [
        'john.smith@acme-corp.co.uk',
        'h-admin@example.com',
        'first+tag@mail.example.info',
      ]) {
        expect(parse(email).success, `${form} accepts ${email}`).toBe(true);
      }
      for (const email of ['vera@example', '@x.com', 'a b@example.com']) {
        const result = parse(email);
        expect(result.success, `${form} refuses ${email}`).toBe(false);
        expect(fieldIssues(result.error!).email, `${form}: ${email}`).toEqual([
          'Provide a valid Email',
        ]);
      }
    }
  });

  it('Must be 6 characters to longer', () => {
    expect(issues(loginSchema, { email: 'a@example.com', password: '12345' })).toEqual({
      password: ['Must be 6 characters to longer'],
    });
    expect(issues(loginSchema, { email: 'a@example.com', password: '123456' })).toEqual({});
  });
});

describe('profile schema', () => {
  it('requires every field and a web link', () => {
    const result = profileSchema.safeParse({
      name: '',
      email: 'a@example.com',
      education: '',
      location: '',
      link: 'javascript:alert(1)',
    });
    expect(result.success).toBe(false);
    const fields = fieldIssues(result.error!);
    expect(fields.name).toEqual(['Name is Required']);
    expect(fields.education).toEqual(['Education is Required']);
    expect(fields.location).toEqual(['Location is Required']);
    expect(fields.link?.[0]).toMatch(/web address/);
  });
});

describe('callback paths', () => {
  it('only ever returns same-origin paths', () => {
    expect(safeCallbackPath('/dashboard/order')).toBe('/dashboard/order');
    expect(safeCallbackPath('https://evil.example')).toBe('/');
    expect(safeCallbackPath('//evil.example')).toBe('/');
    expect(safeCallbackPath('/\\evil.example')).toBe('/');
    expect(safeCallbackPath(undefined)).toBe('/');
  });
});

describe('password hashing', () => {
  it('salts each hash and verifies only the right password', async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await verifyPassword('correct horse', a)).toBe(true);
    expect(await verifyPassword('wrong horse', a)).toBe(false);
    expect(await verifyPassword('x', 'garbage')).toBe(false);
    expect(await verifyPassword('x', null)).toBe(false);
  });

  it('a burst of concurrent hashes waits in line and every one completes correctly', async () => {
    const stored = await hashPassword('queued');
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => verifyPassword(i % 2 ? 'queued' : 'other', stored)),
    );
    expect(results).toEqual(Array.from({ length: 12 }, (_, i) => i % 2 === 1));
  });
});
