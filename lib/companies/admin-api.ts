import { z } from 'zod';
import { fieldErrorExample, objectIdPath, operation, queryRefused } from '@/lib/core/api/operation';
import { idField } from '@/lib/core/api/shapes';
import { messages } from '@/lib/core/messages';
import { MAX_PAGE_LIMIT } from '@/lib/core/validation/pagination';
import { COMPANY_ROLES } from './roles';
import {
  adminAddMemberSchema,
  adminCompanyQuerySchema,
  DEFAULT_ADMIN_COMPANY_LIMIT,
  MAX_COMPANY_SEARCH_LENGTH,
} from './validation/admin';

/**
 * The store admin's side of company accounts (lib/companies/admin.ts): every company, one
 * company with its members and recent orders, and members added or removed for support.
 */

const tag = 'Companies';

adminCompanyQuerySchema.shape.q.register(z.globalRegistry, {
  description: `Part of the company name, in any case (at most ${MAX_COMPANY_SEARCH_LENGTH} characters).`,
  example: 'whitfield',
});
adminCompanyQuerySchema.shape.page.register(z.globalRegistry, {
  description: 'Page number, from 1.',
  example: '1',
});
adminCompanyQuerySchema.shape.limit.register(z.globalRegistry, {
  description: `Companies per page, 1 to ${MAX_PAGE_LIMIT} (default ${DEFAULT_ADMIN_COMPANY_LIMIT}).`,
  example: '25',
});

const roleField = z.enum(COMPANY_ROLES);
const approvalLimitField = z.number().int().nullable().meta({
  description:
    'The most an order of the member may total without an approval, in US cents; null: no limit.',
});

export const adminCompanyRowSchema = z
  .object({
    _id: idField,
    name: z.string(),
    taxId: z.string().nullable(),
    memberCount: z.number().int(),
    openOrderCount: z.number().int().meta({
      description: 'Orders of the company that are unpaid, awaiting approval, paid or processing.',
    }),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'AdminCompanyRow' });

export const adminCompanyMemberSchema = z
  .object({
    userId: idField,
    name: z.string(),
    email: z.string(),
    role: roleField,
    approvalLimitCents: approvalLimitField,
    monthlyLimitCents: z.number().int().nullable().meta({
      description:
        'The most the member’s orders of one calendar month (UTC) may total without an approval, in US cents; null: no limit.',
    }),
    joinedAt: z.iso.datetime(),
  })
  .meta({ id: 'AdminCompanyMember' });

export const adminCompanyOrderSchema = z
  .object({
    _id: idField,
    createdAt: z.iso.datetime(),
    status: z.string().meta({ description: 'The order’s status (see Order).' }),
    totalCents: z.number().int(),
    placedBy: z.object({
      userId: idField.nullable(),
      name: z.string(),
      email: z.string(),
    }),
  })
  .meta({ id: 'AdminCompanyOrder' });

export const adminCompanySchema = z
  .object({
    _id: idField,
    name: z.string(),
    taxId: z.string().nullable(),
    billingAddress: z.string(),
    shippingAddresses: z.array(
      z.object({
        _id: idField,
        label: z.string(),
        address: z.string(),
        phone: z.string(),
        default: z.boolean(),
      }),
    ),
    createdAt: z.iso.datetime(),
    members: z.array(adminCompanyMemberSchema),
    orders: z
      .array(adminCompanyOrderSchema)
      .meta({ description: 'The newest orders, newest first.' }),
  })
  .meta({ id: 'AdminCompany' });

const companyId = objectIdPath('company id');
const userId = objectIdPath('user id');

export const listAdminCompaniesOp = operation({
  method: 'get',
  path: '/api/admin/companies',
  operationId: 'listAdminCompanies',
  tag,
  summary: 'Every company (admin)',
  description: `The companies by name, one page at a time (${DEFAULT_ADMIN_COMPANY_LIMIT} by default), each with its member and open-order counts. \`?q=\` keeps those whose name contains the text, in any case. A repeated parameter counts by its first value; unknown parameters are ignored.`,
  access: 'admin',
  params: { query: adminCompanyQuerySchema },
  responses: {
    200: {
      description: 'The companies of the page, by name.',
      json: z.array(adminCompanyRowSchema),
      headers: z.object({
        'X-Total-Count': z
          .string()
          .meta({ description: 'How many companies match, over every page.', example: '57' }),
        Link: z.string().optional().meta({
          description:
            'The previous and next pages (RFC 8288) as paths keeping the other parameters, when they exist.',
          example:
            '</api/admin/companies?page=1>; rel="prev", </api/admin/companies?page=3>; rel="next"',
        }),
      }),
    },
  },
  errors: [queryRefused(adminCompanyQuerySchema, { limit: '500' })],
});

export const getAdminCompanyOp = operation({
  method: 'get',
  path: '/api/admin/companies/{companyId}',
  operationId: 'getAdminCompany',
  tag,
  summary: 'A company with its members and orders (admin)',
  access: 'admin',
  params: { path: z.object({ companyId }) },
  responses: {
    200: {
      description: 'The company, its members and its newest orders.',
      json: adminCompanySchema,
    },
  },
  errors: ['company.not_found'],
});

export const addAdminCompanyMemberOp = operation({
  method: 'post',
  path: '/api/admin/companies/{companyId}/members',
  operationId: 'addAdminCompanyMember',
  tag,
  summary: 'Add an existing account to a company (admin)',
  description:
    'For support: the account with this email joins the company with the role given (an owner counts among its owners). A person belongs to one company at most.',
  access: 'admin',
  params: { path: z.object({ companyId }) },
  body: {
    json: adminAddMemberSchema,
    example: { email: 'buyer@example.com', role: 'buyer', approvalLimitCents: 250000 },
  },
  responses: { 201: { description: 'The new member.', json: adminCompanyMemberSchema } },
  errors: [
    'company.not_found',
    { key: 'user.not_found', when: 'no account has the email' },
    { key: 'company.invitee_in_other_company', params: { email: 'buyer@example.com' } },
    { key: 'company.already_in_this_company', params: { email: 'buyer@example.com' } },
    {
      code: 'validation_failed',
      when: 'the email is missing or malformed, or the role is not one of the roles',
      example: fieldErrorExample('email', messages.validation.emailRequired),
    },
  ],
});

export const removeAdminCompanyMemberOp = operation({
  method: 'delete',
  path: '/api/admin/companies/{companyId}/members/{userId}',
  operationId: 'removeAdminCompanyMember',
  tag,
  summary: 'Remove a member from a company (admin)',
  description: 'The company’s last owner stays: make another member an owner first.',
  access: 'admin',
  params: { path: z.object({ companyId, userId }) },
  responses: { 204: { description: 'The member was removed.' } },
  errors: ['company.not_found', 'company.not_a_member', 'company.last_owner'],
});

export const adminCompanyOperations = [
  listAdminCompaniesOp,
  getAdminCompanyOp,
  addAdminCompanyMemberOp,
  removeAdminCompanyMemberOp,
] as const;
