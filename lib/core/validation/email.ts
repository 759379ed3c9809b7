/**
 * The one rule for an email address a person types (sign-up, sign-in, password reset,
 * invitations, the contact form): a local part of letters, digits and `. _ % + ' -` (no dot at
 * either end, none twice in a row), `@`, then a domain of at least two labels (letters, digits,
 * hyphens inside a label, underscores) ending in a top-level domain of 2-63 letters; at most 64
 * characters before the `@` and 254 in all. So `john.smith@acme-corp.co.uk`,
 * `h-admin@example.com` and `first+tag@mail.example.info` are accepted, and `vera@example`,
 * `@x.com` and anything with a space are not. Tested in test/unit/auth-schemas.test.ts.
 */
const LOCAL_ATOM = "[A-Za-z0-9_%+'-]+";
const LABEL = '[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?';

export const EMAIL_PATTERN = new RegExp(
  `^(?=.{1,254}$)(?=[^@]{1,64}@)${LOCAL_ATOM}(?:\\.${LOCAL_ATOM})*@(?:${LABEL}\\.)+[A-Za-z]{2,63}$`,
);
