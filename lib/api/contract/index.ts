import { authOperations, userOperations } from '@/lib/accounts/api';
import { billingOperations } from '@/lib/billing/api';
import { cartOperations } from '@/lib/cart/api';
import { adminCompanyOperations, companyOperations } from '@/lib/companies/api';
import { productOperations } from '@/lib/catalogue/api';
import { contactOperations } from '@/lib/contact/api';
import type { OperationContract } from '@/lib/core/api/operation';
import { imageOperations } from '@/lib/images/api';
import {
  approvalOperations,
  orderOperations,
  paymentOperations,
  quickOrderOperations,
} from '@/lib/orders/api';
import { pricingOperations } from '@/lib/pricing/api';
import { quoteOperations } from '@/lib/quotes/api';
import { reviewOperations } from '@/lib/reviews/api';
import { termsOperations } from '@/lib/terms/api';
import { cronOperations } from './cron';
import { systemOperations } from './system';

/**
 * Every operation of the API, feature by feature (each declares its own in lib/<feature>/api.ts;
 * the service's own are in system.ts), in the order the reference lists them. A route
 * handler that is not declared here (or a declaration without its handler) fails
 * test/unit/openapi-routes.test.ts.
 */
export const contract: readonly OperationContract[] = [
  ...productOperations,
  ...cartOperations,
  ...companyOperations,
  ...adminCompanyOperations,
  ...termsOperations,
  ...pricingOperations,
  ...billingOperations,
  ...orderOperations,
  ...approvalOperations,
  ...quickOrderOperations,
  ...quoteOperations,
  ...paymentOperations,
  ...reviewOperations,
  ...imageOperations,
  ...userOperations,
  ...authOperations,
  ...contactOperations,
  ...systemOperations,
  ...cronOperations,
];

/** The tags of the reference, in order, with what each covers. */
export const contractTags = [
  { name: 'Products', description: 'The catalogue, and Manage Products (admins).' },
  {
    name: 'Companies',
    description: 'Company accounts: a company, its members and their roles.',
  },
  {
    name: 'Price lists',
    description:
      'Contract prices: price lists with their entries per product, the CSV import and the list a company buys at (admins), and a signed-in member’s own prices.',
  },
  {
    name: 'Order list',
    description:
      'The buyer’s order list (cart), kept on the server: lines of parts to order together, checked out as one order.',
  },
  {
    name: 'Orders',
    description:
      'Bulk orders: placing, listing, cancelling, recording a payment, moving through their statuses, invoices.',
  },
  {
    name: 'Invoices',
    description:
      'Invoices on account (net terms): a company’s invoices and statement, payments received outside Stripe and voids (admins).',
  },
  {
    name: 'Quotes',
    description:
      'Requests for quote: a buyer asks a price for a bulk quantity, an admin answers or declines, the buyer accepts and pays the order.',
  },
  { name: 'Payments', description: "Card payments through Stripe, and Stripe's webhook." },
  { name: 'Reviews', description: 'Customer reviews with a photo.' },
  { name: 'Images', description: 'Uploaded pictures.' },
  { name: 'Users', description: 'Accounts, roles, access tokens and My Profile.' },
  { name: 'Accounts', description: 'Sign-up, password reset and email verification.' },
  {
    name: 'Sign-in (Auth.js)',
    description:
      "Auth.js's endpoints a client uses to sign in with a password and get the session cookie.",
  },
  { name: 'Contact', description: 'The contact form.' },
  { name: 'Service', description: 'Health, this contract and its reference page.' },
] as const;
