import { z } from 'zod';
import { fieldErrorExample, operation } from '@/lib/core/api/operation';
import { idField } from '@/lib/core/api/shapes';
import { fieldMessages } from '@/lib/core/messages';
import { COMPANY_ROLES } from './roles';
import { createCompanySchema, updateCompanySchema } from './validation/company';

/** Company accounts: creating a company, reading and changing the caller's. */

const tag = 'Companies';

export const myCompanySchema = z
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
    memberCount: z.number().int(),
    createdAt: z.iso.datetime(),
    membership: z
      .object({
        role: z.enum(COMPANY_ROLES).meta({
          description:
            '`owner`: everything; `approver`: approves others’ orders, sees all company orders; `buyer`: orders, sees own and company orders; `accounts`: sees all company orders and invoices, pays them, places nothing.',
        }),
        approvalLimitCents: z.number().int().nullable().meta({
          description:
            'The most an order of the caller may total without an approval, in US cents; null: no limit.',
        }),
        joinedAt: z.iso.datetime(),
      })
      .meta({ description: 'The caller’s own membership.' }),
  })
  .meta({ id: 'MyCompany' });

const example = {
  name: 'Whitfield Engineering Ltd',
  taxId: 'GB123456789',
  billingAddress: '12 Mill Road\nSheffield S1 2AB',
};

export const createCompanyOp = operation({
  method: 'post',
  path: '/api/companies',
  operationId: 'createCompany',
  tag,
  summary: 'Create a company',
  description:
    'Creates a company with the caller as its owner. A person belongs to at most one company: 409 when the caller already does. People without a company use the store as before.',
  access: 'user',
  body: { json: createCompanySchema, example },
  responses: {
    201: { description: 'The company, with the caller as its owner.', json: myCompanySchema },
  },
  errors: [
    'company.already_member',
    {
      code: 'validation_failed',
      when: 'a field is missing, too long or has control characters',
      example: fieldErrorExample('name', fieldMessages.required('Company name')),
    },
  ],
});

export const getMyCompanyOp = operation({
  method: 'get',
  path: '/api/companies/me',
  operationId: 'getMyCompany',
  tag,
  summary: 'The caller’s company',
  access: 'user',
  responses: {
    200: { description: 'The company and the caller’s membership.', json: myCompanySchema },
  },
  errors: ['company.none'],
});

export const updateMyCompanyOp = operation({
  method: 'patch',
  path: '/api/companies/me',
  operationId: 'updateMyCompany',
  tag,
  summary: 'Change the caller’s company',
  description: 'Its name, tax id (null or empty removes it) or billing address; owners only.',
  access: 'user',
  body: {
    json: updateCompanySchema,
    example: { billingAddress: '14 Mill Road\nSheffield S1 2AB' },
  },
  responses: { 200: { description: 'The company as it is now.', json: myCompanySchema } },
  errors: ['company.none', 'company.not_allowed'],
});

export const companyOperations = [createCompanyOp, getMyCompanyOp, updateMyCompanyOp] as const;
