import 'server-only';
import { findUserById } from '@/lib/accounts';
import type { CompanyMemberDoc, ShippingAddressDoc } from './collections';
import type { CompanyMember, ShippingAddress } from './shared';

/** How the company's documents read in answers and pages: string ids, ISO dates. */

/** A shipping address as pages and the API show it. */
export function addressView(address: ShippingAddressDoc): ShippingAddress {
  return {
    _id: address._id.toHexString(),
    label: address.label,
    address: address.address,
    phone: address.phone,
    default: address.default,
  };
}

/**
 * A member with their name and email as their account says now (empty for an account removed
 * since, whose membership row stays until it is cleared).
 */
export async function memberView(member: CompanyMemberDoc): Promise<CompanyMember> {
  const user = await findUserById(member.userId.toHexString());
  return {
    userId: member.userId.toHexString(),
    name: user?.name ?? '',
    email: user?.email ?? '',
    role: member.role,
    approvalLimitCents: member.approvalLimitCents,
    monthlyLimitCents: member.monthlyLimitCents ?? null,
    joinedAt: member.joinedAt.toISOString(),
  };
}
