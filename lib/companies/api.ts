import { z } from 'zod';
import {
  fieldErrorExample,
  objectIdPath,
  operation,
  type CodeCase,
  type ErrorCase,
} from '@/lib/core/api/operation';
import { idField } from '@/lib/core/api/shapes';
import { fieldMessages } from '@/lib/core/messages';
import { COMPANY_ROLES } from './roles';
import { INVITATION_TTL_DAYS, MAX_OPEN_INVITATIONS, MAX_SHIPPING_ADDRESSES } from './shared';
import {
  shippingAddressSchema as shippingAddressInputSchema,
  updateShippingAddressSchema,
} from './validation/addresses';
import { createCompanySchema, updateCompanySchema } from './validation/company';
import {
  acceptInvitationSchema,
  inviteMemberSchema,
  memberMessages,
  updateMemberSchema,
} from './validation/members';

/**
 * Company accounts: creating a company, reading and changing the caller's, its members,
 * invitations and shipping addresses.
 */

const tag = 'Companies';

const roleSchema = z.enum(COMPANY_ROLES).meta({
  description:
    '`owner`: everything; `approver`: approves others’ orders, sees all company orders; `buyer`: orders, sees own and company orders; `accounts`: sees all company orders and invoices, pays them, places nothing.',
});

const approvalLimitSchema = z.number().int().nullable().meta({
  description:
    'The most an order of the member may total without an approval, in US cents; null: no limit.',
});

const monthlyLimitSchema = z.number().int().nullable().meta({
  description:
    'The most the member’s orders of one calendar month (UTC; placed and not cancelled) may total without an approval, in US cents; null: no limit. An order that would take their month over it waits for an approval like one over their approval limit.',
});

export const shippingAddressSchema = z
  .object({
    _id: idField,
    label: z.string(),
    address: z.string(),
    phone: z.string(),
    default: z.boolean().meta({ description: 'The one offered first; exactly one is.' }),
  })
  .meta({ id: 'ShippingAddress' });

export const myCompanySchema = z
  .object({
    _id: idField,
    name: z.string(),
    taxId: z.string().nullable(),
    billingAddress: z.string(),
    shippingAddresses: z.array(shippingAddressSchema),
    memberCount: z.number().int(),
    createdAt: z.iso.datetime(),
    membership: z
      .object({
        role: roleSchema,
        approvalLimitCents: approvalLimitSchema,
        monthlyLimitCents: monthlyLimitSchema,
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
    'Creates a company with the caller as its owner; the caller’s email must be verified (403 otherwise). A person belongs to at most one company: 409 when the caller already does. People without a company use the store as before.',
  access: 'user',
  body: { json: createCompanySchema, example },
  responses: {
    201: { description: 'The company, with the caller as its owner.', json: myCompanySchema },
  },
  errors: [
    { key: 'company.create_unverified', when: 'the caller’s email is not verified yet' },
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

// ---- Members -------------------------------------------------------------------------------

export const companyMemberSchema = z
  .object({
    userId: idField,
    name: z.string(),
    email: z.string(),
    role: roleSchema,
    approvalLimitCents: approvalLimitSchema,
    monthlyLimitCents: monthlyLimitSchema,
    joinedAt: z.iso.datetime(),
  })
  .meta({ id: 'CompanyMember' });

export const companyMemberWithMonthSchema = companyMemberSchema
  .extend({
    monthSpentCents: z.number().int().meta({
      description:
        'What the member’s orders for the company of this calendar month (UTC) total so far, in US cents: those placed and not cancelled, awaiting approval included.',
    }),
  })
  .meta({ id: 'CompanyMemberWithMonth' });

const userId = objectIdPath('user id');
const invitationId = objectIdPath('invitation id');
const addressId = objectIdPath('address id');

const limitRefused: CodeCase = {
  code: 'validation_failed',
  when: 'the role is not one of the table, or a limit is not a whole number of cents from 0 to 2^53 − 1 (or null)',
  example: fieldErrorExample('approvalLimitCents', memberMessages.limitNegative),
};

export const listMembersOp = operation({
  method: 'get',
  path: '/api/companies/me/members',
  operationId: 'listCompanyMembers',
  tag,
  summary: 'The members of the caller’s company',
  description:
    'Every member, the longest-standing first, with the name and email of their account, their limits and what their orders of this calendar month (UTC) total so far. Any member may read it.',
  access: 'user',
  responses: {
    200: {
      description: 'The members.',
      json: z.object({ items: z.array(companyMemberWithMonthSchema) }),
    },
  },
  errors: ['company.none'],
});

export const updateMemberOp = operation({
  method: 'patch',
  path: '/api/companies/me/members/{userId}',
  operationId: 'updateCompanyMember',
  tag,
  summary: 'Change a member’s role, approval limit or monthly limit',
  description:
    'Owners only. A company keeps at least one owner: demoting the last one is 409 `company.last_owner` (also when two owners are demoted at once). An owner cannot lower their own limits (409 `company.own_limit`; raising them, or null, no limit, stays theirs to set): another owner may.',
  access: 'user',
  params: { path: z.object({ userId }) },
  body: {
    json: updateMemberSchema,
    example: { role: 'buyer', approvalLimitCents: 500_000, monthlyLimitCents: 2_000_000 },
  },
  responses: { 200: { description: 'The member as they are now.', json: companyMemberSchema } },
  errors: [
    'company.none',
    'company.not_allowed',
    { key: 'company.member_not_found', when: 'the user is not a member of the caller’s company' },
    'company.last_owner',
    { key: 'company.own_limit', when: 'an owner lowers a limit of their own' },
    limitRefused,
  ],
});

export const removeMemberOp = operation({
  method: 'delete',
  path: '/api/companies/me/members/{userId}',
  operationId: 'removeCompanyMember',
  tag,
  summary: 'Remove a member, or leave',
  description:
    'An owner removes a member; any member leaves with their own user id. The person loses access to the company at once; their orders stay with the company. The last owner can be neither removed nor leave.',
  access: 'user',
  params: { path: z.object({ userId }) },
  responses: { 204: { description: 'Removed.' } },
  errors: [
    'company.none',
    'company.not_allowed',
    { key: 'company.member_not_found', when: 'the user is not a member of the caller’s company' },
    'company.last_owner',
  ],
});

// ---- Invitations ---------------------------------------------------------------------------

export const companyInvitationSchema = z
  .object({
    _id: idField,
    email: z.string(),
    role: roleSchema,
    approvalLimitCents: approvalLimitSchema,
    invitedAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: 'CompanyInvitation' });

const inviteErrors: ErrorCase[] = [
  'company.none',
  'company.not_allowed',
  { key: 'company.invite_unverified', when: 'the caller’s email is not verified yet' },
  { key: 'company.invitee_in_other_company', params: { email: 'sam@example.com' } },
  { key: 'company.invitee_already_member', params: { email: 'sam@example.com' } },
  { key: 'company.too_many_invitations', params: { max: MAX_OPEN_INVITATIONS } },
  limitRefused,
];

export const inviteMemberOp = operation({
  method: 'post',
  path: '/api/companies/me/invitations',
  operationId: 'inviteCompanyMember',
  tag,
  summary: 'Invite someone into the caller’s company',
  description: `Owners whose email is verified only. Mails the address a single-use link to join as the role (valid ${INVITATION_TTL_DAYS} days), opened on /dashboard/company/join. Inviting the same address again replaces its open invitation (the earlier link stops working). At most ${MAX_OPEN_INVITATIONS} open invitations per company.`,
  access: 'user',
  body: {
    json: inviteMemberSchema,
    example: { email: 'sam@example.com', role: 'buyer', approvalLimitCents: 250_000 },
  },
  responses: { 201: { description: 'The invitation, mailed.', json: companyInvitationSchema } },
  errors: inviteErrors,
  rateLimited: true,
});

export const listInvitationsOp = operation({
  method: 'get',
  path: '/api/companies/me/invitations',
  operationId: 'listCompanyInvitations',
  tag,
  summary: 'The open invitations of the caller’s company',
  description: 'Not accepted, revoked, replaced or expired; the newest first. Owners only.',
  access: 'user',
  responses: {
    200: {
      description: 'The open invitations.',
      json: z.object({ items: z.array(companyInvitationSchema) }),
    },
  },
  errors: ['company.none', 'company.not_allowed'],
});

export const revokeInvitationOp = operation({
  method: 'delete',
  path: '/api/companies/me/invitations/{invitationId}',
  operationId: 'revokeCompanyInvitation',
  tag,
  summary: 'Revoke an invitation',
  description: 'Its link stops working. Owners only.',
  access: 'user',
  params: { path: z.object({ invitationId }) },
  responses: { 204: { description: 'Revoked.' } },
  errors: [
    'company.none',
    'company.not_allowed',
    {
      key: 'company.invitation_not_found',
      when: 'the caller’s company has no open invitation with this id',
    },
  ],
});

export const acceptInvitationOp = operation({
  method: 'post',
  path: '/api/companies/invitations/accept',
  operationId: 'acceptCompanyInvitation',
  tag,
  summary: 'Accept an invitation',
  description:
    'Joins the company of the invitation whose link carried the token, as its role. The caller must be signed in with the address it was sent to and belong to no company. An invitation is accepted once, and only while its sender may still invite as its role: removing or demoting the sender closes the invitations they sent.',
  access: 'user',
  body: {
    json: acceptInvitationSchema,
    example: { token: 'kq3V0m2Qk8tVb1yJ3o9nH5xW2cR7eA4sZ6dF8gL0pUi' },
  },
  responses: { 200: { description: 'The company joined.', json: myCompanySchema } },
  errors: [
    {
      key: 'company.invitation_not_found',
      when: 'the token is unknown, expired, used, revoked or replaced, or its sender may no longer invite as its role',
    },
    'company.invitation_other_email',
    'company.already_member',
  ],
  rateLimited: true,
});

// ---- Shipping addresses --------------------------------------------------------------------

const addressExample = {
  label: 'Sheffield works',
  address: '12 Mill Road\nSheffield S1 2AB',
  phone: '01142345678',
};

const addressRefused: CodeCase = {
  code: 'validation_failed',
  when: 'a field is missing, too long or has control characters, or the phone has other than digits',
  example: fieldErrorExample('phone', fieldMessages.order.phoneDigits),
};

export const addShippingAddressOp = operation({
  method: 'post',
  path: '/api/companies/me/addresses',
  operationId: 'addCompanyShippingAddress',
  tag,
  summary: 'Add a shipping address',
  description: `Owners only. The first address is the default; \`default: true\` makes a new one the default. At most ${MAX_SHIPPING_ADDRESSES}.`,
  access: 'user',
  body: { json: shippingAddressInputSchema, example: { ...addressExample, default: true } },
  responses: { 201: { description: 'The address.', json: shippingAddressSchema } },
  errors: [
    'company.none',
    'company.not_allowed',
    { key: 'company.too_many_addresses', params: { max: MAX_SHIPPING_ADDRESSES } },
    addressRefused,
  ],
});

export const updateShippingAddressOp = operation({
  method: 'patch',
  path: '/api/companies/me/addresses/{addressId}',
  operationId: 'updateCompanyShippingAddress',
  tag,
  summary: 'Change a shipping address',
  description:
    'Any of its fields; `default: true` makes it the default (the former default no longer is). The default stays one until another is made the default. Owners only.',
  access: 'user',
  params: { path: z.object({ addressId }) },
  body: { json: updateShippingAddressSchema, example: { phone: '01142345600', default: true } },
  responses: { 200: { description: 'The address as it is now.', json: shippingAddressSchema } },
  errors: ['company.none', 'company.not_allowed', 'company.address_not_found', addressRefused],
});

export const removeShippingAddressOp = operation({
  method: 'delete',
  path: '/api/companies/me/addresses/{addressId}',
  operationId: 'removeCompanyShippingAddress',
  tag,
  summary: 'Remove a shipping address',
  description:
    'When it was the default, the first remaining address becomes the default. Owners only.',
  access: 'user',
  params: { path: z.object({ addressId }) },
  responses: { 204: { description: 'Removed.' } },
  errors: ['company.none', 'company.not_allowed', 'company.address_not_found'],
});

export const companyOperations = [
  createCompanyOp,
  getMyCompanyOp,
  updateMyCompanyOp,
  listMembersOp,
  updateMemberOp,
  removeMemberOp,
  inviteMemberOp,
  listInvitationsOp,
  revokeInvitationOp,
  acceptInvitationOp,
  addShippingAddressOp,
  updateShippingAddressOp,
  removeShippingAddressOp,
] as const;

/** The store admin's company operations (lib/companies/admin-api.ts). */
export * from './admin-api';
