import { describe, expect, it } from 'vitest';
import { companyWording } from '@/lib/core/b2b-wording/company';
import { INVITATION_TTL_DAYS } from '@/lib/companies/shared';

/**
 * The company flow's words where they depend on what is known: how an approved order goes on
 * (paid by its buyer, or confirmed on the company's account), the Reject dialog's sentence, a
 * member known by neither email nor name, and how long an invitation's link works.
 */

describe('an approved order', () => {
  const { approvals } = companyWording;
  const order = approvals.orderLabel({ reference: '5f60718a', buyer: 'Bea Buyer' });

  it('is one its buyer can pay now when it is paid by card or bank transfer', () => {
    expect(approvals.approved({ order, onAccount: false })).toBe(
      'Approved: order 5f60718a from Bea Buyer. The buyer can pay it now.',
    );
  });

  it('is confirmed on the company’s account when it goes on account, with nothing to pay', () => {
    const said = approvals.approved({ order, onAccount: true });
    expect(said).toBe(
      'Approved: order 5f60718a from Bea Buyer. It is confirmed on the company’s account.',
    );
    expect(said).not.toMatch(/pay/i);
  });

  it('says on the Approvals page what an order on account becomes, and what an undecided one does', () => {
    const intro = approvals.intro('Kestrel Fixings Ltd');
    expect(intro).toContain('an order on account is confirmed on the company’s account instead');
    expect(intro).toContain('an order nobody decides by then is cancelled');
    expect(intro).not.toContain('so that it can be paid,');
  });
});

describe('rejecting an order', () => {
  it('starts its sentence with a capital', () => {
    expect(
      companyWording.approvals.reject.text({ reference: '5f60718a', buyer: 'Bea Buyer' }),
    ).toBe(
      'Order 5f60718a from Bea Buyer is cancelled and its parts go back into stock. The buyer is mailed your reason.',
    );
  });
});

describe('an admin removing a member', () => {
  const { removeMember } = companyWording.admin;
  const company = 'Kestrel Fixings Ltd';

  it('names them by email (or name) as given', () => {
    const who = 'nia@kestrel.example';
    expect(removeMember.title({ who, company })).toBe(
      'Remove nia@kestrel.example from Kestrel Fixings Ltd?',
    );
    expect(removeMember.text({ who, company })).toMatch(/^nia@kestrel\.example will no longer/);
  });

  it('says "this member" for one known by neither, with a capital where a sentence starts', () => {
    expect(removeMember.ariaLabel(null)).toBe('Remove this member');
    expect(removeMember.title({ who: null, company })).toBe(
      'Remove this member from Kestrel Fixings Ltd?',
    );
    expect(removeMember.text({ who: null, company })).toBe(
      'This member will no longer belong to Kestrel Fixings Ltd. Their orders stay with the company. You can add them again later.',
    );
    expect(removeMember.done({ who: null, company })).toBe(
      'This member was removed from Kestrel Fixings Ltd.',
    );
  });
});

describe('an invitation', () => {
  it('says its link works for as many days as the invitations’ rule keeps it open', () => {
    expect(companyWording.invitations.intro(INVITATION_TTL_DAYS)).toContain(
      `a link to join, valid for ${INVITATION_TTL_DAYS} days.`,
    );
  });
});
